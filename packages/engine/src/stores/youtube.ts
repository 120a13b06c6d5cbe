/** YouTube's published DDEX feed requirements (YouTube Help, Content Manager DDEX articles), each with its source. */
import type { Source, StoreProfile } from './types.js';

const READ = '2026-11-25';
const FEED: Source = { url: 'https://support.google.com/youtube/answer/3503737', title: 'DDEX feed requirements: Understanding the YouTube DDEX feed (YouTube Help, answer 3503737)', read: READ };
const HEADER: Source = { url: 'https://support.google.com/youtube/answer/3505274', title: 'Message Header (YouTube Help, answer 3505274)', read: READ };
const RESOURCES: Source = { url: 'https://support.google.com/youtube/answer/3506094', title: 'Resource List (YouTube Help, answer 3506094)', read: READ };
const RELEASES: Source = { url: 'https://support.google.com/youtube/answer/3506114', title: 'Release List (YouTube Help, answer 3506114)', read: READ };

export const YOUTUBE: StoreProfile = {
  id: 'youtube',
  name: 'YouTube',
  requirements: [
    { id: 'youtube-ern-version', text: 'ERN 3.4 to 3.8 or 4.3 (ddex-check reads 3.7 and later).', rule: 'release-ern-version-accepted', options: { versions: ['3.7', '3.8', '3.8.1', '3.8.2', '4.3'] }, source: FEED },
    {
      id: 'youtube-release-profile',
      text: 'The Audio Album, Single Resource Release or Video Single release profile.',
      rule: 'release-profile-accepted',
      options: { profiles: ['AudioAlbum', 'AudioAlbumMusicOnly', 'Audio', 'SingleResourceRelease', 'VideoSingle', 'SimpleVideoSingle'] },
      source: FEED,
    },
    { id: 'youtube-isrc', text: 'Every SoundRecording has an ISRC.', rule: 'codes-isrc-present', source: RESOURCES },
    { id: 'youtube-recipient', text: 'A MessageRecipient is YouTube (PADPIDA2013020802I), YouTube_ContentID (PADPIDA2015120100H) or YouTube_CreatorMusic (PADPIDA2022021109P).', rule: 'release-recipient-accepted', options: { partyIds: ['PADPIDA2013020802I', 'PADPIDA2015120100H', 'PADPIDA2022021109P'] }, source: HEADER },
    { id: 'youtube-territory-metadata', text: 'No territory-specific metadata: only the first block is used (a warning where blocks differ).', rule: 'release-territory-metadata-consistent', severity: 'warn', source: RESOURCES },
    { id: 'youtube-srr-no-artwork', text: 'No artwork in a Single Resource Release feed.', rule: 'release-artwork-absent', options: { releaseTypes: ['SingleResourceRelease'], profiles: ['SingleResourceRelease', 'SingleResourceReleaseWithCoverArt'] }, source: RESOURCES },
  ],
  notSourced: [
    'Several MessageRecipients need ERN 3.7 or later (answer 3505274): ddex-check reads ERN 3.7 and later only, so an older message is rejected before this could be checked; no rule.',
    'The release types each profile needs (Album/Single/ClassicalAlbum plus TrackReleases, answer 3506114): not checked yet.',
    'Answers 3506094 and 3503737 were read from copies of the support.google.com pages (brandee.edu.vn, googlesupport.serverhump.com); answer 3505274 from support.google.com itself.',
  ],
};
