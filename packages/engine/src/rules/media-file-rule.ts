/**
 * The shape the media rules of audio, artwork and video share (`*-format-accepted`,
 * `*-details-match`, `*-file-decodable`): at `Media:exit`, for each inspected file of their
 * resource kinds, compare what was found in the file with the profile or with what the message
 * declares, and report each finding at the file's element (or its technical details) with the
 * file's path and resource reference in the message's data. `mediaFileRule` holds that loop, the
 * data every message of these rules names (`{file}`, `{resource}`), the "message given alone"
 * message and hint (`ALONE_MESSAGE`), and a count of files a tool could not check; each rule keeps
 * its own metadata, messages and comparisons in its folder.
 */
import { defineRule, type ReportDescriptor, type Rule, type RuleContext, type RuleMeta } from './define.js';
import type { ResourceKind } from '../ern/model.js';
import type { Stage } from '../report/types.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT, type InspectedFile } from '../media/rule-support.js';

/**
 * Reports a finding about the file at hand: `data` joins its `file` and `resource`; `loc` (default:
 * where the rule points, `at`) may name another element, e.g. a declared Duration.
 */
export type MediaReport = (messageId: string, data: NonNullable<ReportDescriptor['data']>, loc?: ReportDescriptor['loc']) => void;

export interface MediaFileRuleSpec {
  id: string;
  stage: Stage;
  /** Resource kinds whose files the rule checks. */
  kinds: readonly ResourceKind[];
  /** What a finding points at: the file's own element (`File`), or the technical details that declare its properties. */
  at: 'file' | 'technical';
  /** The rule's metadata; `messages` and `hint` without the `alone` message, which is added. */
  meta: Omit<RuleMeta, 'hint'> & { hint: Record<string, string> };
  /** The rule's comparisons for one inspected file. */
  check(file: InspectedFile, report: MediaReport, ctx: RuleContext): void;
  /**
   * Files a tool could not check (no ffmpeg, no ffprobe): why, for each such file, else null; when
   * any, one `skipped` check with `messageId`, their count and the first reason.
   */
  notChecked?: { messageId: string; reason(file: InspectedFile): string | null | undefined };
}

/** A media rule from its spec (see the module's comment). */
export function mediaFileRule(spec: MediaFileRuleSpec): Rule {
  const { id, stage, kinds, at, check, notChecked } = spec;
  return defineRule({
    id,
    stage,
    meta: { ...spec.meta, messages: { ...spec.meta.messages, ...ALONE_MESSAGE }, hint: { ...spec.meta.hint, ...ALONE_HINT } },
    create(ctx) {
      return {
        'Media:exit'() {
          const reasons: string[] = [];
          for (const inspected of inspectedFiles(ctx, kinds)) {
            const { entry, reference } = inspected;
            const where = at === 'file' ? inspected.file.loc : inspected.technical.loc;
            const base = { file: entry.path, resource: reference ?? '(no reference)' };
            check(
              inspected,
              (messageId, data, loc = where) => ctx.report({ messageId, loc, resource: reference, data: { ...base, ...data } }),
              ctx,
            );
            const reason = notChecked?.reason(inspected);
            if (reason) reasons.push(reason);
          }
          if (notChecked && reasons.length) ctx.skip({ messageId: notChecked.messageId, data: { count: reasons.length, reason: reasons[0] } });
        },
      };
    },
  });
}
