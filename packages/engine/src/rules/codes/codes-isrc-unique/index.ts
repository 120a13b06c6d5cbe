/** An ISRC names one recording: two resources of one message must not share it. */
import type { Resource } from '../../../ern/model.js';
import { defineRule } from '../../define.js';
import { ISRC_PATTERN, compactIsrc } from '../../../codes/isrc.js';
import { resourceName } from '../../release/release-contents.js';

export default defineRule({
  id: 'codes-isrc-unique',
  stage: 'codes',
  meta: {
    label: 'ISRC unique in the message',
    description: 'No two resources of a message carry the same ISRC.',
    versions: 'all',
    severity: 'error',
    messages: {
      duplicate: 'ISRC "{isrc}" of {resource} is also the ISRC of {first}; an ISRC identifies exactly one recording.',
    },
    hint: 'Give each recording its own ISRC, or reference the one resource from every release that contains it instead of declaring it twice.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        // The first resource of each ISRC by number: its name is worked out only for a finding.
        const resources = ctx.message.resources;
        const nameOf = (resource: Resource) => resourceName(resource, ctx.message);
        const seen = new Map<string, number>();
        for (let i = 0; i < resources.length; i++) {
          const resource = resources.at(i)!;
          if (!resource.isrc || resource.isrc.value === '') continue;
          const key = compactIsrc(resource.isrc.value);
          // Placeholders and malformed values are codes-isrc-syntax's finding, not duplicates.
          if (!ISRC_PATTERN.test(key)) continue;
          const first = seen.get(key);
          if (first === undefined) seen.set(key, i);
          else ctx.report({ messageId: 'duplicate', loc: resource.isrc, resource: resource.reference?.value ?? null, release: null, data: { isrc: resource.isrc.value, resource: nameOf(resource), first: nameOf(resources.at(first)!) } });
        }
      },
    };
  },
});
