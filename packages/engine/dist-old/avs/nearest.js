/** "Did you mean" for allowed-value typos: the closest accepted names by edit distance, case-insensitive. */
import { editDistance } from '../rules/severity.js';
export function nearestValues(value, candidates, count = 3) {
    const v = value.toLowerCase().replace(/[\s_-]+/g, '');
    const scored = [];
    for (const name of candidates) {
        const n = name.toLowerCase().replace(/[\s_-]+/g, '');
        let d = editDistance(v, n);
        // A value contained in a name ("HipHop" in "HipHop/Rap") is a strong candidate.
        if (n.includes(v) || v.includes(n))
            d = Math.min(d, 1);
        scored.push({ name, d });
    }
    const limit = Math.max(2, Math.ceil(v.length / 3));
    return scored.filter((s) => s.d <= limit).sort((a, b) => a.d - b.d || a.name.localeCompare(b.name)).slice(0, count).map((s) => s.name);
}
/** ` (did you mean "A", "B"?)`, or '' when nothing is close. */
export function didYouMean(value, candidates) {
    const near = nearestValues(value, candidates);
    return near.length ? ` (did you mean ${near.map((n) => `"${n}"`).join(', ')}?)` : '';
}
//# sourceMappingURL=nearest.js.map