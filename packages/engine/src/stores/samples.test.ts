/**
 * Held-out check: the official DDEX sample messages (read from ../shared, never copied), each
 * checked for every store. What each store rejects, and why, is written down in
 * `samples.README.md`; a change in any store's findings on these samples fails here.
 * The samples are lone messages: media requirements are skipped (TikTok's are all media).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';
import { SCHEMAS_DIR, sample } from '../test-support.js';

type Row = { spotify: string[]; youtube: string[]; tiktok: string[]; base: string[] };
const NOT_ADDRESSED = 'youtube-recipient';
const PROFILE = 'youtube-release-profile';
const OLD = 'spotify-ern-version';
const R382 = 'ddex-official-crt-ern382/Release Profiles Samples/';
const NO_DEALS = ['deals-present'];
const UNSUPPORTED = ['xml-version-supported'];

/** Requirements each store rejects (errors and warnings) and the base errors that reject everywhere. */
const EXPECTED: Record<string, Row> = {
  'ddex-official-ern43/1 Audio.xml': { spotify: [], youtube: [NOT_ADDRESSED], tiktok: [], base: [] },
  'ddex-official-ern43/2 Video.xml': { spotify: [], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: [] },
  'ddex-official-ern43/3 MixedMedia.xml': { spotify: [], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: ['codes-icpn-valid'] },
  'ddex-official-ern43/4 SimpleAudioSingle.xml': { spotify: ['spotify-classical-type'], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: [] },
  'ddex-official-ern43/5 SimpleVideoSingle.xml': { spotify: [], youtube: [NOT_ADDRESSED], tiktok: [], base: [] },
  'ddex-official-ern43/7 LongformMusicalWorkVideo.xml': { spotify: [], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: [] },
  'ddex-official-ern43/8 DjMix.xml': { spotify: [], youtube: [PROFILE, 'youtube-isrc', NOT_ADDRESSED], tiktok: [], base: ['codes-icpn-valid'] },
  'ddex-official-ern431/1 Audio.xml': { spotify: [], youtube: [], tiktok: [], base: UNSUPPORTED },
  'ddex-official-ern431/4 SimpleAudioSingle.xml': { spotify: [], youtube: [], tiktok: [], base: UNSUPPORTED },
  'ddex-official-ern431/5 SimpleVideoSingle.xml': { spotify: [], youtube: [], tiktok: [], base: UNSUPPORTED },
  'ddex-official-ern431/6 Ringtone.xml': { spotify: [], youtube: [], tiktok: [], base: UNSUPPORTED },
  'ddex-official-ern431/7 LongformMusicalWorkVideo.xml': { spotify: [], youtube: [], tiktok: [], base: UNSUPPORTED },
  [`${R382}Profile_AudioAlbumMusicOnly.xml`]: { spotify: [OLD], youtube: [NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_AudioAlbum_WithBooklet.xml`]: { spotify: [OLD], youtube: [NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_AudioSingle.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_AudioSingle_WithCompoundArtistsAndTerritorialOverride.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_DigitalBoxedSet_1.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_DigitalClassicalAudioAlbum_BestOf.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: ['release-duration-valid', 'codes-isrc-syntax', 'deals-present'] },
  [`${R382}Profile_DigitalClassicalAudioAlbum_MulitPartWork.xml`]: { spotify: [OLD, 'spotify-classical-type'], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: ['codes-icpn-valid', 'deals-present'] },
  [`${R382}Profile_LongformMusicVideo.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_MixedMediaBundle.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_Ringtone.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_SimpleVideoSingle.xml`]: { spotify: [OLD], youtube: [NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
  [`${R382}Profile_SingleResourceRelease.xml`]: { spotify: [OLD], youtube: [NOT_ADDRESSED], tiktok: [], base: [] },
  [`${R382}Profile_SingleResourceReleaseWithCoverArt.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED, 'youtube-srr-no-artwork'], tiktok: [], base: [] },
  [`${R382}Profile_VideoAlbum.xml`]: { spotify: [OLD], youtube: [PROFILE, NOT_ADDRESSED], tiktok: [], base: NO_DEALS },
};

describe.skipIf(!existsSync(sample('ddex-official-ern43')))('official DDEX samples, per store (held out)', () => {
  it.each(Object.entries(EXPECTED))('%s', async (file, expected) => {
    const report = await validate(sample(file), { stores: ['spotify', 'youtube', 'tiktok'], schemasDir: SCHEMAS_DIR });
    const stores = report.stores!;
    const failing = (id: string) => [...new Set(stores[id].checks.filter((c) => c.status === 'error' || c.status === 'warning').map((c) => c.requirement!))].sort();
    expect({ spotify: failing('spotify'), youtube: failing('youtube'), tiktok: failing('tiktok'), base: [...stores.spotify.base_errors].sort() }).toEqual({
      spotify: [...expected.spotify].sort(),
      youtube: [...expected.youtube].sort(),
      tiktok: [...expected.tiktok].sort(),
      base: [...expected.base].sort(),
    });
    // A store's verdict follows from its findings and the base errors.
    for (const id of ['spotify', 'youtube', 'tiktok'] as const) {
      const rejected = expected.base.length > 0 || stores[id].checks.some((c) => c.status === 'error');
      expect(stores[id].verdict === 'would_be_rejected', `${id}: ${stores[id].verdict}`).toBe(rejected);
    }
  });
});
