/** A delivery is about one product: some release must be the main release (3.x `@IsMainRelease`, 4.x `ReleaseList/Release`). */
import { defineRule } from '../../define.js';
import { mainReleases } from '../release-contents.js';
import { listed } from '../../message-text.js';
import { releaseProfile21, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-main-present',
  stage: 'release',
  meta: {
    label: 'Main release present',
    description: 'A NewReleaseMessage with releases identifies its main release (3.x IsMainRelease="true"; 4.x a ReleaseList/Release, not only TrackReleases).',
    sources: [
      xsd('3.8.2', 'Release/@IsMainRelease'),
      releaseProfile21('clause 5.1.1(a), rule 1000-1 (one main Release)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      none3: 'None of the {count} releases is flagged IsMainRelease="true", and no single release can be taken as the main one (they are track releases, or several are products).',
      none4: 'The ReleaseList holds only TrackReleases/ClipReleases: there is no main Release to import.',
      several: '{count} releases are flagged as the main release ({references}); a message describes one product.',
    },
    hint: {
      none3: 'Set IsMainRelease="true" on the release that is the product (the album or single), not on its track releases.',
      none4: 'Add the ReleaseList/Release describing the product (album, single, video).',
      several: 'Keep IsMainRelease="true" on the product only, or send each product in its own message.',
    },
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const m = ctx.message;
        if (m.root !== 'NewReleaseMessage' || m.releases.length === 0) return;
        const main = mainReleases(m);
        const loc = m.releases.at(0)!.loc;
        if (main.length === 0) {
          if (ctx.family === '3') ctx.report({ messageId: 'none3', loc, release: null, data: { count: m.releases.length } });
          else ctx.report({ messageId: 'none4', loc, release: null });
        } else if (ctx.family === '3' && main.length > 1) {
          ctx.report({ messageId: 'several', loc: main[1].loc, release: null, data: { count: main.length, references: listed(main.map((r) => r.reference?.value ?? '?')) } });
        }
      },
    };
  },
});
