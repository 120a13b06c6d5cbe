/** DDEX Release Profile rule 1027-1: a ReleaseDate or OriginalReleaseDate is provided for the main release. */
import { defineRule } from '../../define.js';
import { releaseName, mainReleases } from '../release-contents.js';
import { releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'release-date-present',
  stage: 'release',
  meta: {
    label: 'Release date present',
    description: 'The main release has a ReleaseDate or an OriginalReleaseDate (DDEX Release Profile rule 1027-1).',
    sources: [
      releaseProfile21('clause 5.3.1.3(7), rule 1027-1 (MultiProfile_ReleaseDateMustBeProvided)'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: { missing: 'Release {release} has neither a ReleaseDate nor an OriginalReleaseDate.' },
    hint: 'Add ReleaseDate (3.x in ReleaseDetailsByTerritory, 4.x in Release); stores show it and sort new releases by it.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of mainReleases(ctx.message)) {
          if (release.releaseDate?.value || release.originalReleaseDate?.value) continue;
          ctx.report({ messageId: 'missing', loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message) } });
        }
      },
    };
  },
});
