/**
 * The main release holds its content (DDEX Release Profile rule 1052-1): a sound recording or video
 * for audio and video products, the tone for a ringtone (a sound recording, a 3.x MIDI resource),
 * the image of a wallpaper, the text of an e-book; see release-content.ts.
 */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { releaseName, resourceRefsOf, mainReleases } from '../release-contents.js';
import { CONTENT_WORDS, contentClassOf, contentResourceNumbersOf } from '../release-content.js';
import { listed } from '../../message-text.js';
import { avs, releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'release-primary-resource-present',
  stage: 'release',
  meta: {
    label: 'Release has tracks',
    description: 'The main release references its content declared in the ResourceList (DDEX Release Profile rule 1052-1): a SoundRecording or Video, for a ringtone also a MIDI resource, for an image product (WallpaperRelease …) an Image, for a text product a Text or SheetMusic, for a game Software.',
    sources: [
      releaseProfile21('clause 5.1.2(a), rule 1052-1 (MultiProfile_MustContainWorkSoundRecording)'),
      avs('ReleaseType (which products are audio, video, image, text or software)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      none: 'Release {release} contains no {what}{detail}.',
    },
    hint: 'Declare the content in the ResourceList (for music a SoundRecording or Video) and reference it from the release\'s ResourceGroup, or set the ReleaseType that says what the release is.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        for (const release of mainReleases(ctx.message)) {
          const cls = contentClassOf(release);
          if (contentResourceNumbersOf(release, index, cls).length > 0) continue;
          const refs = resourceRefsOf(release);
          const missing = refs.filter((r) => !index.resource(r));
          const detail = missing.length ? ` (it references ${listed(missing)}, which the ResourceList does not hold)` : refs.length ? ` (it only references ${listed(refs)})` : '';
          ctx.report({ messageId: 'none', loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), what: CONTENT_WORDS[cls], detail } });
        }
      },
    };
  },
});
