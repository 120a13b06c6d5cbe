/** ERN 3.x: the main release is flagged `IsMainRelease="true"`; without the flag importers must guess (release-main-present reports when they cannot). */
import { defineRule } from '../../define.js';
import { mainReleases, releaseName } from '../release-contents.js';
import { profile14, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-main-flagged',
  stage: 'release',
  meta: {
    label: 'Main release flagged',
    description: 'In ERN 3.x one release carries IsMainRelease="true".',
    sources: [
      xsd('3.8.2', 'Release/@IsMainRelease'),
      profile14('the main Release'),
    ],
    versions: ['3.7', '3.8', '3.8.1', '3.8.2'],
    severity: 'warn',
    messages: { unflagged: 'No release is flagged IsMainRelease="true"; release {release} is taken as the main release.' },
    hint: 'Set IsMainRelease="true" on release {release} (the product), so no importer has to guess.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const m = ctx.message;
        if (m.root !== 'NewReleaseMessage' || m.releases.some((r) => r.isMainRelease === true)) return;
        const main = mainReleases(m);
        if (main.length !== 1) return; // none or several: release-main-present's finding
        ctx.report({ messageId: 'unflagged', loc: main[0].loc, release: main[0].reference?.value ?? null, data: { release: releaseName(main[0], ctx.message) } });
      },
    };
  },
});
