const TRACK_TYPES = new Set(['TrackRelease', 'VideoTrackRelease']);
/** Release types that describe a whole product rather than a part of one. */
const PRODUCT_TYPES = new Set([
    'Album', 'ClassicalAlbum', 'EP', 'Single', 'VideoAlbum', 'VideoSingle', 'MultimediaAlbum', 'MultimediaSingle',
    'DigitalBoxSetRelease', 'ClassicalDigitalBoxedSet', 'MultimediaDigitalBoxedSet', 'Bundle', 'FilmBundle',
    'SingleResourceRelease', 'SingleResourceReleaseWithCoverArt', 'RingtoneRelease', 'RingbackToneRelease',
    'AlertToneRelease', 'LongFormMusicalWorkVideoRelease', 'LongFormNonMusicalWorkVideoRelease', 'AudioBookRelease',
    'KaraokeRelease', 'DjMix', 'ConcertVideo',
]);
export function assignReleaseKinds3(releases) {
    const isTrack = (r) => r.types.some((t) => TRACK_TYPES.has(t));
    for (const r of releases)
        r.kind = r.isMainRelease === true ? 'main' : isTrack(r) ? 'track' : 'other';
    if (releases.some((r) => r.kind === 'main'))
        return;
    const candidates = releases.filter((r) => r.kind === 'other' && r.types.some((t) => PRODUCT_TYPES.has(t)));
    if (candidates.length === 1)
        candidates[0].kind = 'main';
}
//# sourceMappingURL=release-kind.js.map