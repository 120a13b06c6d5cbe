/**
 * How a rule gets the allowed values of the message's version: from the XSD set the engine was
 * pointed at (`ctx.schemasDir`, else DDEX_SCHEMAS_DIR and the user cache). Without one, the rule
 * records a `skipped` check naming the install command instead of guessing.
 */
import type { RuleContext } from '../rules/define.js';
import { avsInstallHint, avsOf, type AllowedValues } from './allowed-values.js';

/** Message every AVS-backed rule declares for the skip (`noAvs`), with its hint. */
export const NO_AVS_MESSAGE = 'The DDEX allowed value sets of ERN {version} are not installed, so {what} could not be checked.';
export const NO_AVS_HINT = 'Install the DDEX schemas: {install}.';

export async function avsForRule(ctx: RuleContext, what: string): Promise<AllowedValues | null> {
  const avs = await avsOf(ctx.version, ctx.schemasDir);
  if (!avs) ctx.skip({ messageId: 'noAvs', data: { version: ctx.version, what, install: avsInstallHint(ctx.version) }, loc: null, release: null });
  return avs;
}

/**
 * The allowed values as soon as they are loaded, for a rule that keeps values met while the
 * message streams and checks them at its end. Called from the rule's `create`, it starts loading
 * them with the message (asked at the first value, a large message's DealList was nearly over
 * before they came); until they are loaded, or when none are installed, the function it returns
 * gives null and the rule keeps every value, then only those they do not allow (a catalog message
 * has a deal per track, each with its territory, use types and commercial models). Nothing is
 * reported here: the rule's `avsForRule` at message end says when they are not installed, so a
 * message cut short reports nothing.
 */
export function avsOnceLoaded(ctx: RuleContext): () => AllowedValues | null {
  let loaded: AllowedValues | null = null;
  // A failure here is avsForRule's to report at message end.
  avsOf(ctx.version, ctx.schemasDir).then(
    (avs) => {
      loaded = avs;
    },
    () => {},
  );
  return () => loaded;
}
