/** The original release date (first release anywhere) is not after this release's date. */
import { defineRule } from '../../define.js';
import { dayNumber, parseIsoDate } from '../../../codes/iso-date.js';
import { releaseName } from '../release-contents.js';

export default defineRule({
  id: 'release-date-order',
  stage: 'release',
  meta: {
    label: 'Original release date order',
    description: 'A release\'s OriginalReleaseDate is not after its ReleaseDate.',
    versions: 'all',
    severity: 'warn',
    messages: { order: 'Release {release}: OriginalReleaseDate {original} is after ReleaseDate {date}.' },
    hint: 'The original release date is the first release anywhere, so it cannot be after this release\'s date; swap or correct them.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of ctx.message.releases) {
          if (!release.releaseDate || !release.originalReleaseDate) continue;
          const date = parseIsoDate(release.releaseDate.value);
          const original = parseIsoDate(release.originalReleaseDate.value);
          // Partial dates compare generously: "2010" as a release date runs to the end of 2010.
          if (!date || !original || dayNumber(original, 'start') <= dayNumber(date, 'end')) continue;
          ctx.report({ messageId: 'order', loc: release.originalReleaseDate, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), original: release.originalReleaseDate.value, date: release.releaseDate.value } });
        }
      },
    };
  },
});
