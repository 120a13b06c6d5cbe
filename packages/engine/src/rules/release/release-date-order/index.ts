/** The original release date (first release anywhere) is not after this release's date. */
import type { Release } from '../../../ern/model.js';
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { dayNumber, parseIsoDate } from '../../../codes/iso-date.js';
import { releaseName } from '../release-contents.js';
import { iso, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-date-order',
  stage: 'release',
  meta: {
    label: 'Original release date order',
    description: 'A release\'s OriginalReleaseDate is not after its ReleaseDate.',
    sources: [
      xsd('4.3', 'Release/OriginalReleaseDate (the date of the first release anywhere), Release/ReleaseDate'),
      iso('ISO 8601', 'dates compared as calendar dates'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: { order: 'Release {release}: OriginalReleaseDate {original} is after ReleaseDate {date}.' },
    hint: 'The original release date is the first release anywhere, so it cannot be after this release\'s date; swap or correct them.',
  },
  create(ctx) {
    /** Whether the release's original date is after its date (partial dates compare generously: "2010" as a release date runs to the end of 2010). */
    const late = (release: Release) => {
      if (!release.releaseDate || !release.originalReleaseDate) return false;
      const date = parseIsoDate(release.releaseDate.value);
      const original = parseIsoDate(release.originalReleaseDate.value);
      return Boolean(date && original && dayNumber(original, 'start') > dayNumber(date, 'end'));
    };
    // Found as releases close (ctx.onRelease), reported at message end.
    const found = numbersWhere(ctx.onRelease, late);
    return {
      'Message:exit'() {
        for (const n of found) {
          const release = ctx.message.releases.at(n)!;
          ctx.report({ messageId: 'order', loc: release.originalReleaseDate!, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), original: release.originalReleaseDate!.value, date: release.releaseDate!.value } });
        }
      },
    };
  },
});
