/** A store requirement: every sound recording carries an ISRC (not only those of the main release's track list). */
import { defineRule } from '../../define.js';
import { store, xsd } from '../../sources.js';

export default defineRule({
  id: 'codes-isrc-present',
  stage: 'codes',
  meta: {
    label: 'Every sound recording has an ISRC',
    description: 'Every SoundRecording resource has an ISRC (store requirement).',
    sources: [
      store('youtubeResources', 'every sound recording carries its ISRC (youtube-isrc)'),
      xsd('4.3', 'SoundRecording/SoundRecordingEdition/ResourceId/ISRC'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      missing: 'Sound recording {resource} has no ISRC; the store needs one on every SoundRecording.',
    },
    hint: 'Add the recording\'s ISRC (ResourceId/ISRC in ERN 4, SoundRecordingId/ISRC in ERN 3).',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const resource of ctx.message.resources) {
          if (resource.kind !== 'SoundRecording' || resource.isrc?.value.trim()) continue;
          const reference = resource.reference?.value ?? null;
          ctx.report({ messageId: 'missing', loc: resource.loc, resource: reference, release: null, data: { resource: reference ?? '(no reference)' } });
        }
      },
    };
  },
});
