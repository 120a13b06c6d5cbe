/** A store requirement: the message follows one of the DDEX release profiles the store takes. */
import { defineRule, type FindingLocation } from '../../define.js';
import { store, xsd } from '../../sources.js';

interface Options {
  /** Profile names, compared with the last segment of ReleaseProfileVersionId (`CommonReleaseTypes/14/AudioAlbumMusicOnly` -> `AudioAlbumMusicOnly`), case-insensitive. */
  profiles?: string[];
}

export default defineRule({
  id: 'release-profile-accepted',
  stage: 'release',
  meta: {
    label: 'Release profile accepted by the store',
    description: 'The ReleaseProfileVersionId the message declares names a release profile the store takes (store requirement).',
    sources: [
      store('youtubeFeed', 'the Audio Album, Single Resource Release or Video Single profile as published by DDEX (youtube-release-profile)'),
      store('youtubeReleases', 'Audio Album feeds: a main release and TrackReleases'),
      xsd('4.3', 'NewReleaseMessage/ReleaseProfileVersionId'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      profile: 'The message declares the release profile "{profile}"; the store takes {accepted}.',
    },
    hint: 'Build the delivery to one of the profiles the store takes ({accepted}) and declare it in ReleaseProfileVersionId.',
  },
  create(ctx) {
    const accepted = (ctx.options as Options).profiles ?? [];
    let root: FindingLocation | null = null;
    return {
      '/NewReleaseMessage:enter'(el) {
        root = { line: el.line, column: el.column, path: el.path };
      },
      'Message:exit'() {
        const declared = ctx.message.releaseProfile?.trim();
        // Nothing declared: the profile is not known from the message, so nothing to hold against it.
        if (!declared || accepted.length === 0) return;
        const name = declared.slice(declared.lastIndexOf('/') + 1).toLowerCase();
        if (accepted.some((p) => p.toLowerCase() === name)) return;
        ctx.report({ messageId: 'profile', loc: root, data: { profile: declared, accepted: accepted.join(', ') } });
      },
    };
  },
});
