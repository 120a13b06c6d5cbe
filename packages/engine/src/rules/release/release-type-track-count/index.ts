/**
 * Release type against the track list, with the thresholds stores apply (iTunes Store and Spotify
 * product rules): a Single has 1-3 tracks, an EP up to 6 tracks and under 30 minutes, an Album
 * 4+ tracks or 30+ minutes. A mismatch is sent back by store QC rather than rejected at import.
 */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { clock, durationSeconds, primaryResourceNumbers, releaseName, mainReleases } from '../release-contents.js';
import { avs } from '../../sources.js';

export default defineRule({
  id: 'release-type-track-count',
  stage: 'release',
  meta: {
    label: 'Release type vs tracks',
    description: 'Single: 1-3 tracks; EP: 2-6 tracks under 30 minutes; Album: 4 or more tracks or at least 30 minutes; a TrackRelease is one track; every product has at least one track.',
    sources: [
      avs('ReleaseType (Single, EP, Album, TrackRelease)'),
      { kind: 'store', ref: 'Apple Music Style Guide: single, EP and album definitions (track count and length)', url: 'https://help.apple.com/itc/musicstyleguide/' },
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      empty: 'Release {release} ({type}) has no tracks.',
      single: 'Release {release} is a Single but has {count} tracks ({duration}); stores treat more than 3 tracks as an EP or album.',
      ep: 'Release {release} is an EP with {count} tracks ({duration}); an EP has 2 to 6 tracks and runs under 30 minutes.',
      album: 'Release {release} is an Album with only {count} track(s) ({duration}); stores expect 4 or more tracks or at least 30 minutes.',
      trackRelease: 'Release {release} is typed TrackRelease but holds {count} tracks ({duration}); a TrackRelease is one track.',
    },
    hint: 'Set ReleaseType to what the track list is (Single, EP, Album; TrackRelease only for one track), or complete the track list.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        const resources = ctx.message.resources;
        for (const release of mainReleases(ctx.message)) {
          const type = release.types.find((t) => t === 'Single' || t === 'EP' || t === 'Album' || t === 'TrackRelease') ?? release.types[0] ?? 'no type';
          // The tracks by number: their durations are read only when the type's rule needs them (not for a catalog's Album of 4 tracks or more).
          const tracks = primaryResourceNumbers(release, index);
          const count = tracks.length;
          let total: number | null = null;
          const seconds = () => (total ??= tracks.reduce((sum, n) => sum + Math.max(0, durationSeconds(resources.at(n)!.duration?.value ?? '') ?? 0), 0));
          // Made only for a finding: the name and the reference read records kept as bytes.
          const base = () => ({ loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), type, count, duration: clock(seconds()) } });
          // A message whose release references resources it does not declare is release-reference-resolves' finding.
          const declared = release.tracks.length + release.resourceReferences.length;
          if (count === 0) {
            if (declared === 0) ctx.report({ ...base(), messageId: 'empty' });
          } else if (type === 'Single' && count > 3) ctx.report({ ...base(), messageId: 'single' });
          else if (type === 'EP' && (count > 6 || seconds() >= 30 * 60)) ctx.report({ ...base(), messageId: 'ep' });
          else if (type === 'Album' && count < 4 && seconds() < 30 * 60) ctx.report({ ...base(), messageId: 'album' });
          else if (type === 'TrackRelease' && count > 1) ctx.report({ ...base(), messageId: 'trackRelease' });
        }
      },
    };
  },
});
