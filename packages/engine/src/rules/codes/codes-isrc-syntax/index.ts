/** ISRC structure (ISO 3901): country code, registrant, year, designation; twelve characters, no separators. */
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { iso, xsd } from '../../sources.js';

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

export default defineRule({
  id: 'codes-isrc-syntax',
  stage: 'codes',
  meta: {
    label: 'ISRC syntax',
    description: 'Each ISRC is 12 characters: 2-letter country code, 3-character registrant, 2-digit year, 5-digit designation.',
    sources: [
      iso('ISO 3901 (ISRC)', 'ISO 3901:2019, country code, registrant code, year of reference, designation code'),
      xsd('4.3', 'ResourceId/ISRC'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      separators: 'ISRC "{isrc}" contains separators; it must be sent as 12 characters ({compact}).',
      lowercase: 'ISRC "{isrc}" must be in upper case ({upper}).',
      invalid: 'ISRC "{isrc}" is not a valid ISRC (CC-XXX-YY-NNNNN: country, registrant, year, designation).',
    },
    hint: {
      separators: 'Remove the dashes and spaces: send "{compact}".',
      lowercase: 'Send the ISRC in upper case: "{upper}".',
      invalid: 'Use the ISRC assigned to the recording by its registrant.',
    },
  },
  create(ctx) {
    // `ids` is called only for a finding: each read of a reference decodes a record kept as bytes.
    const check = (value: string, loc: { line: number; column: number; path: string }, ids: () => { resource: string | null; release: string | null }) => {
      if (ISRC.test(value)) return;
      const compact = value.replace(/[\s-]/g, '').toUpperCase();
      const upper = value.toUpperCase();
      const { resource, release } = ids();
      if (compact !== upper && ISRC.test(compact)) ctx.report({ loc, resource, release, messageId: 'separators', data: { isrc: value, compact } });
      else if (ISRC.test(upper)) ctx.report({ loc, resource, release, messageId: 'lowercase', data: { isrc: value, upper } });
      else ctx.report({ loc, resource, release, messageId: 'invalid', data: { isrc: value } });
    };
    // Resources and releases whose ISRC is not well formed, found as they close (ctx.onResource, ctx.onRelease) and reported at message end.
    const malformed = numbersWhere(ctx.onResource, (resource) => resource.isrc && !ISRC.test(resource.isrc.value));
    const malformedReleases = numbersWhere(ctx.onRelease, (release) => release.ids.isrc && !ISRC.test(release.ids.isrc.value));
    return {
      'Message:exit'() {
        // Each field read once: a record kept as bytes decodes a field at every read.
        for (const n of malformed) {
          const resource = ctx.message.resources.at(n)!;
          const isrc = resource.isrc!;
          check(isrc.value, isrc, () => ({ resource: resource.reference?.value ?? null, release: null }));
        }
        for (const n of malformedReleases) {
          const release = ctx.message.releases.at(n)!;
          const isrc = release.ids.isrc!;
          check(isrc.value, isrc, () => ({ resource: null, release: release.reference?.value ?? null }));
        }
      },
    };
  },
});
