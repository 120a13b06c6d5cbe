/** An ISRC names one recording: two resources of one message must not share it. */
import type { Resource } from '../../../ern/model.js';
import { defineRule } from '../../define.js';
import { ISRC_PATTERN, compactIsrc } from '../../../codes/isrc.js';
import { resourceName } from '../../release/release-contents.js';
import { RecordHashes } from '../../record-notes.js';
import { iso, releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'codes-isrc-unique',
  stage: 'codes',
  meta: {
    label: 'ISRC unique in the message',
    description: 'No two resources of a message carry the same ISRC.',
    sources: [
      iso('ISO 3901 (ISRC)', 'ISO 3901:2019, one ISRC per recording'),
      releaseProfile21('rule 1058-1 (primary resources identified by ISRC)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      duplicate: 'ISRC "{isrc}" of {resource} is also the ISRC of {first}; an ISRC identifies exactly one recording.',
    },
    hint: 'Give each recording its own ISRC, or reference the one resource from every release that contains it instead of declaring it twice.',
  },
  create(ctx) {
    // Each resource's ISRC, in the form compared, hashed as it closes (ctx.onResource): at message end only the
    // resources whose hash another has too are read again (none, in a catalog of distinct ISRCs).
    const hashes = new RecordHashes();
    const keyOf = (resource: Resource) => {
      if (!resource.isrc || resource.isrc.value === '') return null;
      const key = compactIsrc(resource.isrc.value);
      // Placeholders and malformed values are codes-isrc-syntax's finding, not duplicates.
      return ISRC_PATTERN.test(key) ? key : null;
    };
    ctx.onResource((resource, n) => {
      const key = keyOf(resource);
      if (key !== null) hashes.set(n, key);
    });
    return {
      'Message:exit'() {
        // The first resource of each ISRC by number: its name is worked out only for a finding.
        const resources = ctx.message.resources;
        const nameOf = (resource: Resource) => resourceName(resource, ctx.message);
        const seen = new Map<string, number>();
        for (const n of hashes.shared()) {
          const resource = resources.at(n)!;
          const key = keyOf(resource);
          if (key === null) continue;
          const first = seen.get(key);
          if (first === undefined) seen.set(key, n);
          else ctx.report({ messageId: 'duplicate', loc: resource.isrc!, resource: resource.reference?.value ?? null, release: null, data: { isrc: resource.isrc!.value, resource: nameOf(resource), first: nameOf(resources.at(first)!) } });
        }
      },
    };
  },
});
