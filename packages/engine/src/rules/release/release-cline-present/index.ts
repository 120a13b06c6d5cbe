/** C-line (artwork and packaging rights) on the main release: DDEX Release Profile rule 1026-1, a "conditional" rule. */
import { defineRule } from '../../define.js';
import { mainReleases, releaseName } from '../release-contents.js';
import { releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'release-cline-present',
  stage: 'release',
  meta: {
    label: 'C-line present',
    description: 'The main release has a C-line (DDEX Release Profile rule 1026-1).',
    sources: [
      releaseProfile21('clause 5.3.1.3(6), rule 1026-1 (MultiProfile_ReleaseMayHaveCLine)'),
    ],
    versions: 'all',
    // DDEX marks 1026-1 "Conditional Fatal Error" and its own 4.3 samples omit the C-line: a warning, an error in strict.
    severity: 'warn',
    messages: { missing: 'Release {release} has no C-line.' },
    hint: 'Add a CLine (Year, CLineCompany, CLineText such as "(C) 2026 Label") to the release.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of mainReleases(ctx.message)) {
          if (release.cLines.length === 0) ctx.report({ messageId: 'missing', loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message) } });
        }
      },
    };
  },
});
