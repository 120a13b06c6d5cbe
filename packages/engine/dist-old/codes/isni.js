/** ISNI (ISO 27729): 16 characters, 15 digits and an ISO 7064 MOD 11-2 check character (`X` for 10); shown in groups of four. */
import { mod112CheckChar } from './iso7064.js';
/** Spaces (the display form `0000 0001 2103 2683`) are tolerated; anything else must be exact. */
export function isniProblem(value) {
    const compact = value.replace(/\s+/g, '');
    if (!/^\d{15}[\dX]$/.test(compact))
        return { kind: 'syntax' };
    const expected = mod112CheckChar(compact.slice(0, 15));
    return expected === compact[15] ? null : { kind: 'checkChar', expected, found: compact[15] };
}
//# sourceMappingURL=isni.js.map