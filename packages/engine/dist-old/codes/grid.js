/** GRid (Global Release Identifier, DDEX): 18 characters `A1` + 5 issuer + 10 release + 1 check (ISO 7064 MOD 37,36). */
import { mod3736CheckChar } from './iso7064.js';
export function gridProblem(value) {
    const compact = value.replace(/-/g, '').toUpperCase();
    if (!/^[A-Z0-9]{18}$/.test(compact) || compact !== value)
        return { kind: 'syntax' };
    const expected = mod3736CheckChar(compact.slice(0, 17));
    return expected === compact[17] ? null : { kind: 'checkChar', expected, found: compact[17] };
}
//# sourceMappingURL=grid.js.map