/**
 * What a release is made of, by its ReleaseType (DDEX AVS ReleaseType and ReleaseType_ERN4, and
 * DDEX's release profiles: Audio/Video album and single, Ringtone, Wallpaper, ...): audio and video
 * products carry sound recordings or videos, tones a short sound (a SoundRecording, a 3.x MIDI
 * resource, a video for a VideoMastertone), image products an image, text products a text or
 * sheet music, games software. Rules about sound (P-line, cover art, tracks) apply to the classes
 * that have it; any other release type, or none, is an audio product.
 */
import type { Release, Resource, ResourceKind } from '../../ern/model.js';
import type { MessageIndex } from '../../ern/index-of-message.js';
import { resourceNumbersOfKinds } from './release-contents.js';

export type ContentClass = 'audio' | 'video' | 'tone' | 'image' | 'text' | 'software';

const BY_TYPE: Record<string, ContentClass> = {};
const classify = (cls: ContentClass, types: string[]) => types.forEach((t) => (BY_TYPE[t] = cls));
classify('tone', ['RingtoneRelease', 'RingbackToneRelease', 'AlertToneRelease', 'VideoMastertoneRelease', 'MidiRingtone']);
classify('image', ['WallpaperRelease', 'ScreensaverRelease', 'LogoRelease', 'IconRelease', 'PhotographRelease', 'FrontCoverImageRelease', 'BackCoverImageRelease', 'BookletFrontImageRelease', 'BookletBackImageRelease', 'TrayImageRelease', 'DocumentImageRelease']);
classify('text', ['EBookRelease', 'LyricSheetRelease', 'BookletRelease', 'InteractiveBookletRelease', 'SheetMusicRelease']);
classify('software', ['MusicalWorkBasedGameRelease', 'NonMusicalWorkBasedGameRelease']);
classify('video', ['VideoAlbum', 'VideoSingle', 'VideoTrackRelease', 'ConcertVideo', 'LiveEventVideo', 'LongFormMusicalWorkVideoRelease', 'LongFormNonMusicalWorkVideoRelease', 'ShortFormMusicalWorkVideoRelease', 'ShortFormNonMusicalWorkVideoRelease', 'DramaticoMusicalVideoRelease', 'Documentary', 'FeatureFilm', 'ShortFilm', 'Drama', 'Episode', 'Season', 'Series']);

/** The resource kinds that make each class's content. */
export const CONTENT_KINDS: Record<ContentClass, ReadonlySet<ResourceKind>> = {
  audio: new Set(['SoundRecording', 'Video']),
  video: new Set(['SoundRecording', 'Video']),
  tone: new Set(['SoundRecording', 'MIDI', 'Video']),
  image: new Set(['Image']),
  text: new Set(['Text', 'SheetMusic']),
  software: new Set(['Software']),
};

/** Words for a message: "contains no {what}". */
export const CONTENT_WORDS: Record<ContentClass, string> = {
  audio: 'sound recording or video',
  video: 'sound recording or video',
  tone: 'sound recording, MIDI or video for the tone',
  image: 'image',
  text: 'text or sheet music',
  software: 'software',
};

/** The release's class, from its types; any other type (Album, Single, EP, …) or none is an audio product. */
export function contentClassOf(release: Release): ContentClass {
  for (const type of release.types) {
    const cls = BY_TYPE[type];
    if (cls) return cls;
  }
  return 'audio';
}

/** Classes whose products are sound (P-line, sound recordings' rules apply). */
export const hasSound = (cls: ContentClass) => cls === 'audio' || cls === 'video' || cls === 'tone';

/** Classes that come with a front cover image (DDEX Release Profile rules 1053-1, 1057-1). */
export const needsCover = (cls: ContentClass) => cls === 'audio' || cls === 'video';

/** The numbers of the resources that make the release's content, for its class: its track list when it has one, else its resource list (as `primaryResourceNumbers`). */
export function contentResourceNumbersOf(release: Release, index: MessageIndex, cls: ContentClass = contentClassOf(release)): Int32Array {
  return resourceNumbersOfKinds(release, index, CONTENT_KINDS[cls]);
}
