export const PRESETS = ['ddex:recommended', 'ddex:strict'];
export class ConfigError extends Error {
    key;
    constructor(message, key) {
        super(message);
        this.key = key;
        this.name = 'ConfigError';
    }
}
export function presetSeverity(rule, preset) {
    if (preset === 'ddex:strict')
        return rule.meta.strictSeverity ?? (rule.meta.severity === 'warn' ? 'error' : rule.meta.severity);
    return rule.meta.severity;
}
const SEVERITIES = new Set(['error', 'warn', 'info', 'off']);
/** Resolves which rules run and at what severity; throws ConfigError naming the bad key. */
export function resolveRules(rules, preset = 'ddex:recommended', overrides = {}) {
    if (!PRESETS.includes(preset)) {
        throw new ConfigError(`unknown preset "${preset}" (use ${PRESETS.join(' or ')})`, 'extends');
    }
    const byId = new Map(rules.map((r) => [r.id, r]));
    for (const [id, setting] of Object.entries(overrides)) {
        if (!byId.has(id))
            throw new ConfigError(`unknown rule "${id}"${suggest(id, [...byId.keys()])}`, `rules.${id}`);
        const word = Array.isArray(setting) ? setting[0] : setting;
        if (!SEVERITIES.has(word))
            throw new ConfigError(`rule "${id}": severity must be error, warn, info or off, not "${word}"`, `rules.${id}`);
    }
    const active = [];
    for (const rule of rules) {
        const setting = overrides[rule.id];
        const severity = setting === undefined ? presetSeverity(rule, preset) : Array.isArray(setting) ? setting[0] : setting;
        if (severity === 'off')
            continue;
        active.push({ rule, severity, options: Array.isArray(setting) ? setting[1] ?? {} : {} });
    }
    return active;
}
function suggest(id, known) {
    let best = null;
    let bestDistance = Infinity;
    for (const candidate of known) {
        const d = editDistance(id, candidate);
        if (d < bestDistance)
            [best, bestDistance] = [candidate, d];
    }
    return best && bestDistance <= Math.max(3, id.length / 4) ? ` (did you mean "${best}"?)` : '';
}
/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a, b) {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
        let previous = row[0];
        row[0] = i;
        for (let j = 1; j <= b.length; j++) {
            const current = row[j];
            row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
            previous = current;
        }
    }
    return row[b.length];
}
//# sourceMappingURL=severity.js.map