/** A NewReleaseMessage must carry at least one release; otherwise nothing can be imported. */
import { defineRule } from '../../define.js';
import { xsd } from '../../sources.js';

export default defineRule({
  id: 'release-present',
  stage: 'release',
  meta: {
    label: 'At least one release',
    description: 'A NewReleaseMessage holds at least one release in its ReleaseList.',
    sources: [
      xsd('4.3', 'NewReleaseMessage/ReleaseList/Release'),
      xsd('3.8.2', 'NewReleaseMessage/ReleaseList/Release'),
    ],
    versions: 'all',
    severity: 'error',
    messages: { none: 'The message holds no release, so nothing would be imported.' },
    hint: 'Add the release (ReleaseList/Release) the delivery is about.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        if (ctx.message.root === 'NewReleaseMessage' && ctx.message.releases.length === 0) {
          ctx.report({ messageId: 'none', loc: { line: 1, column: 1, path: `/${ctx.message.root}` }, release: null });
        }
      },
    };
  },
});
