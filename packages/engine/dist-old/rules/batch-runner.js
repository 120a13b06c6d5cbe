import { EngineChecks } from '../engine-checks.js';
/** Runs every active rule's `checkBatch` once; a rule that finds nothing passes, one that throws is skipped. */
export async function runBatchRules({ batch, messages, media, active, profile }) {
    const read = messages.filter((m) => m.message !== null).map((m) => ({ file: m.file, message: m.message }));
    const out = [];
    for (const entry of active) {
        if (!entry.rule.checkBatch)
            continue;
        const found = [];
        const engine = new EngineChecks([entry]);
        try {
            await entry.rule.checkBatch({
                ruleId: entry.rule.id,
                batch,
                messages: read,
                media,
                profile,
                options: entry.options,
                report(descriptor) {
                    const check = engine.finding(entry.rule.id, { ...descriptor, file: descriptor.file ?? '' });
                    if (check)
                        found.push(descriptor.needsStaff ? { ...check, needs_staff: true } : check);
                },
            });
        }
        catch (error) {
            found.push({ stage: entry.rule.stage, rule: entry.rule.id, label: entry.rule.meta.label, status: 'skipped', message: `rule ${entry.rule.id} failed internally and was skipped: ${error.message}`, field: '', line: null, column: null, file: '', release: null, hint: 'This is a bug in ddex-check, not in the delivery; please report it.' });
        }
        out.push(...(found.length ? found : [{ stage: entry.rule.stage, rule: entry.rule.id, label: entry.rule.meta.label, status: 'pass', message: entry.rule.meta.description, field: '', line: null, column: null, file: '', release: null, hint: '' }]));
    }
    return out;
}
//# sourceMappingURL=batch-runner.js.map