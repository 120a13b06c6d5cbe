/** Every sound recording and video states its duration as a positive xs:duration (`PT3M20S`). */
import type { Resource } from '../../../ern/model.js';
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { durationSeconds, resourceName } from '../release-contents.js';
import { iso, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-duration-valid',
  stage: 'release',
  meta: {
    label: 'Durations present',
    description: 'Every SoundRecording and Video has a Duration that is a positive ISO 8601 duration.',
    sources: [
      xsd('4.3', 'SoundRecording/Duration, Video/Duration (xs:duration, required)'),
      xsd('3.8.2', 'SoundRecording/Duration'),
      iso('ISO 8601', 'ISO 8601-1:2019 durations'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      missing: '{resource} has no Duration.',
      unreadable: '{resource} has Duration "{duration}", which is not an ISO 8601 duration such as PT3M20S.',
      zero: '{resource} has a Duration of zero or less ("{duration}").',
    },
    hint: 'Send the playing time as PT<minutes>M<seconds>S, e.g. PT3M20S.',
  },
  create(ctx) {
    /**
     * What is wrong with a track's duration (its kind and Duration, each read once: a record kept as
     * bytes decodes a field at every read): a message id, or null.
     */
    const problem = (kind: Resource['kind'], duration: Resource['duration']): 'missing' | 'unreadable' | 'zero' | null => {
      if (kind !== 'SoundRecording' && kind !== 'Video') return null;
      if (!duration || duration.value.trim() === '') return 'missing';
      const seconds = durationSeconds(duration.value);
      return seconds === null ? 'unreadable' : seconds <= 0 ? 'zero' : null;
    };
    // Tracks with a problem, found as they close (ctx.onResource) and reported at message end.
    const wrong = numbersWhere(ctx.onResource, (resource) => problem(resource.kind, resource.duration) !== null);
    return {
      'Message:exit'() {
        for (const n of wrong) {
          const r = ctx.message.resources.at(n)!;
          const duration = r.duration;
          const messageId = problem(r.kind, duration)!;
          const resource = r.reference?.value ?? null;
          const name = resource ?? resourceName(r, ctx.message);
          if (messageId === 'missing') ctx.report({ resource, release: null, messageId, loc: r.loc, data: { resource: name } });
          else ctx.report({ resource, release: null, messageId, loc: duration!, data: { resource: name, duration: duration!.value } });
        }
      },
    };
  },
});
