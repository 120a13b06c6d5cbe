/** Information: each sound recording's leading and trailing silence, integrated loudness and true peak (EBU R128), from one ffmpeg decode. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { service, spec } from '../../sources.js';

const level = (value: number | null, unit: string) => (value === null ? 'not measurable' : `${value.toFixed(1)} ${unit}`);

export default defineRule({
  id: 'audio-loudness-measured',
  stage: 'audio',
  meta: {
    label: 'Audio measurements',
    description: 'Reports each sound recording\'s leading and trailing silence, integrated loudness and true peak (EBU R128); on whenever audio is measured (with --stores).',
    sources: [
      spec('EBU R 128', 'integrated loudness and true peak, measured as in EBU Tech 3341 by ffmpeg ebur128'),
      service('Information for the member: the measurements the silence limits of store profiles are checked against.'),
    ],
    versions: 'all',
    severity: 'info',
    // Off in the presets: measuring decodes every file, so it runs when the run measures (validate turns it on).
    storeOnly: true,
    messages: {
      measured: 'The audio file "{file}" of resource {resource}: {leading} s of silence at the start, {trailing} s at the end, integrated loudness {lufs}, true peak {peak}.',
      notMeasured: 'The audio file "{file}" of resource {resource} could not be measured: {reason}.',
      ...ALONE_MESSAGE,
    },
    hint: {
      measured: 'Information only; a store profile may set limits (TikTok: at most 5 s of silence at the start and at the end).',
      notMeasured: 'Install ffmpeg (or set FFMPEG_PATH) to have the audio measured.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['SoundRecording'])) {
          const base = { file: entry.path, resource: reference ?? '(no reference)' };
          const at = { loc: file.loc, resource: reference };
          const m = facts.audio?.measurement;
          if (m) {
            ctx.report({ messageId: 'measured', ...at, data: { ...base, leading: m.leadingSilence.toFixed(1), trailing: m.trailingSilence.toFixed(1), lufs: level(m.integratedLufs, 'LUFS'), peak: level(m.truePeakDbtp, 'dBTP') } });
          } else if (facts.skipped.measure) {
            ctx.skip({ messageId: 'notMeasured', ...at, data: { ...base, reason: facts.skipped.measure } });
          } else if (facts.audio && m === null) {
            ctx.skip({ messageId: 'notMeasured', ...at, data: { ...base, reason: 'ffmpeg could not decode it' } });
          }
        }
      },
    };
  },
});
