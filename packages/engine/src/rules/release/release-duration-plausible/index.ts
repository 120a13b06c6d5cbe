/**
 * Durations that are probably wrong: a track longer than the longest a store takes as one track,
 * or a release whose stated Duration differs from the sum of its tracks (usually a unit mistake,
 * `PT3H20M` for `PT3M20S`).
 */
import type { Resource } from '../../../ern/model.js';
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { clock, durationSeconds, primaryResourcesOf, releaseName, resourceName, mainReleases } from '../release-contents.js';
import { iso, service } from '../../sources.js';

const MAX_TRACK_SECONDS = { SoundRecording: 4 * 3600, Video: 12 * 3600 } as const;

export default defineRule({
  id: 'release-duration-plausible',
  stage: 'release',
  meta: {
    label: 'Durations plausible',
    description: 'No sound recording is longer than 4 hours (video: 12 hours), and a release Duration agrees with the sum of its tracks (within 2 seconds per track).',
    sources: [
      iso('ISO 8601', 'ISO 8601-1:2019 duration designators'),
      service('A track over 4 hours (video 12) or a release Duration that disagrees with its tracks is almost always a typing error (PT3H for PT3M).'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      long: '{resource} lasts {duration} ({text}); that is longer than any track a store takes ({max}).',
      sum: 'Release {release} states a Duration of {stated} ({text}) but its {count} tracks add up to {sum}.',
    },
    hint: {
      long: 'Check the Duration: PT3M20S is 3 minutes 20 seconds, PT3H20M is 3 hours 20 minutes.',
      sum: 'Correct the release Duration or the track durations; they should agree.',
    },
  },
  create(ctx) {
    /** A track's duration in seconds when it is longer than a store takes, else null. */
    const tooLong = (r: Resource): number | null => {
      if ((r.kind !== 'SoundRecording' && r.kind !== 'Video') || !r.duration) return null;
      const seconds = durationSeconds(r.duration.value);
      return seconds !== null && seconds > MAX_TRACK_SECONDS[r.kind] ? seconds : null;
    };
    // Found as tracks close (ctx.onResource), reported at message end.
    const long = numbersWhere(ctx.onResource, (resource) => tooLong(resource) !== null);
    return {
      'Message:exit'() {
        for (const n of long) {
          const r = ctx.message.resources.at(n)!;
          const seconds = tooLong(r)!;
          const max = MAX_TRACK_SECONDS[r.kind as 'SoundRecording' | 'Video'];
          ctx.report({ messageId: 'long', loc: r.duration!, resource: r.reference?.value ?? null, release: null, data: { resource: resourceName(r, ctx.message), duration: clock(seconds), text: r.duration!.value, max: clock(max) } });
        }
        const index = indexMessage(ctx.message);
        for (const release of mainReleases(ctx.message)) {
          if (!release.duration) continue;
          const stated = durationSeconds(release.duration);
          const tracks = primaryResourcesOf(release, index);
          const each = tracks.map((t) => durationSeconds(t.duration?.value ?? ''));
          if (stated === null || tracks.length === 0 || each.some((s) => s === null)) continue;
          const sum = each.reduce((a, b) => a! + b!, 0)!;
          if (Math.abs(sum - stated) > 2 * tracks.length + 1) {
            ctx.report({ messageId: 'sum', loc: release.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), stated: clock(stated), text: release.duration, count: tracks.length, sum: clock(sum) } });
          }
        }
      },
    };
  },
});
