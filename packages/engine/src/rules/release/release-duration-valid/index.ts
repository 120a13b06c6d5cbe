/** Every sound recording and video states its duration as a positive xs:duration (`PT3M20S`). */
import { defineRule } from '../../define.js';
import { durationSeconds, resourceName } from '../release-contents.js';

export default defineRule({
  id: 'release-duration-valid',
  stage: 'release',
  meta: {
    label: 'Durations present',
    description: 'Every SoundRecording and Video has a Duration that is a positive ISO 8601 duration.',
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
    return {
      'Message:exit'() {
        for (const r of ctx.message.resources) {
          if (r.kind !== 'SoundRecording' && r.kind !== 'Video') continue;
          // Read only for a finding: each read of a reference decodes a record kept as bytes.
          const base = () => ({ resource: r.reference?.value ?? null, release: null });
          if (!r.duration || r.duration.value.trim() === '') {
            ctx.report({ ...base(), loc: r.loc, messageId: 'missing', data: { resource: resourceName(r, ctx.message) } });
            continue;
          }
          const seconds = durationSeconds(r.duration.value);
          if (seconds === null) ctx.report({ ...base(), loc: r.duration, messageId: 'unreadable', data: { resource: resourceName(r, ctx.message), duration: r.duration.value } });
          else if (seconds <= 0) ctx.report({ ...base(), loc: r.duration, messageId: 'zero', data: { resource: resourceName(r, ctx.message), duration: r.duration.value } });
        }
      },
    };
  },
});
