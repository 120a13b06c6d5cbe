/** Release dates are real calendar dates (the XSD pattern accepts `2017-13-45`). */
import type { Release } from '../../../ern/model.js';
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { parseIsoDate } from '../../../codes/iso-date.js';
import { releaseName } from '../release-contents.js';
import { iso, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-date-valid',
  stage: 'release',
  meta: {
    label: 'Release dates valid',
    description: 'ReleaseDate and OriginalReleaseDate are real calendar dates (YYYY, YYYY-MM or YYYY-MM-DD).',
    sources: [
      iso('ISO 8601', 'ISO 8601-1:2019 calendar dates YYYY, YYYY-MM, YYYY-MM-DD'),
      xsd('4.3', 'ReleaseDate, OriginalReleaseDate (ddex_IsoDate)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      invalid: '{element} "{date}" of release {release} is not a calendar date.',
    },
    hint: 'Write the date as YYYY-MM-DD with a real month and day.',
  },
  create(ctx) {
    const invalid = (located: Release['releaseDate']) => Boolean(located && located.value.trim() !== '' && !parseIsoDate(located.value));
    // Releases with a date that is not a calendar date, noted as they close (ctx.onRelease).
    const dated = numbersWhere(ctx.onRelease, (release) => invalid(release.releaseDate) || invalid(release.originalReleaseDate));
    return {
      'Message:exit'() {
        for (const n of dated) {
          const release = ctx.message.releases.at(n)!;
          for (const [element, located] of [['ReleaseDate', release.releaseDate], ['OriginalReleaseDate', release.originalReleaseDate]] as const) {
            if (!invalid(located)) continue;
            // Stryker disable next-line LogicalOperator: equivalent; a finding inside a release without `release` is attributed to it by its path (report/attribute.ts).
            ctx.report({ messageId: 'invalid', loc: located!, release: release.reference?.value ?? null, data: { element, date: located!.value, release: releaseName(release, ctx.message) } });
          }
        }
      },
    };
  },
});
