import { avsInstallHint, avsOf } from './allowed-values.js';
/** Message every AVS-backed rule declares for the skip (`noAvs`), with its hint. */
export const NO_AVS_MESSAGE = 'The DDEX allowed value sets of ERN {version} are not installed, so {what} could not be checked.';
export const NO_AVS_HINT = 'Install the DDEX schemas: {install}.';
export async function avsForRule(ctx, what) {
    const avs = await avsOf(ctx.version, ctx.schemasDir);
    if (!avs)
        ctx.skip({ messageId: 'noAvs', data: { version: ctx.version, what, install: avsInstallHint(ctx.version) }, loc: null, release: null });
    return avs;
}
//# sourceMappingURL=rule-access.js.map