/** Release dates are real calendar dates (the XSD pattern accepts `2017-13-45`). */
import { defineRule } from '../../define.js';
import { parseIsoDate } from '../../../codes/iso-date.js';
import { releaseName } from '../release-contents.js';

export default defineRule({
  id: 'release-date-valid',
  stage: 'release',
  meta: {
    label: 'Release dates valid',
    description: 'ReleaseDate and OriginalReleaseDate are real calendar dates (YYYY, YYYY-MM or YYYY-MM-DD).',
    versions: 'all',
    severity: 'error',
    messages: {
      invalid: '{element} "{date}" of release {release} is not a calendar date.',
    },
    hint: 'Write the date as YYYY-MM-DD with a real month and day.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of ctx.message.releases) {
          for (const [element, located] of [['ReleaseDate', release.releaseDate], ['OriginalReleaseDate', release.originalReleaseDate]] as const) {
            if (!located || located.value.trim() === '' || parseIsoDate(located.value)) continue;
            ctx.report({ messageId: 'invalid', loc: located, release: release.reference?.value ?? null, data: { element, date: located.value, release: releaseName(release, ctx.message) } });
          }
        }
      },
    };
  },
});
