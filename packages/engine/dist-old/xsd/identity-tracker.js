import { CompactIdSet } from './compact-id-set.js';
import { normalizeWhiteSpace } from './simple-type-compiler.js';
export class IdentityTracker {
    report;
    ids = new CompactIdSet();
    pending = [];
    constructor(report) {
        this.report = report;
    }
    /** A valid value of a type built on `builtin`; only ID, IDREF and IDREFS matter. */
    value(builtin, raw, el) {
        if (builtin !== 'ID' && builtin !== 'IDREF' && builtin !== 'IDREFS')
            return;
        const value = normalizeWhiteSpace(raw, 'collapse');
        if (builtin === 'ID') {
            if (!this.ids.add(value)) {
                this.report({ message: `Duplicate ID '${value}' in ${el.name}: IDs must be unique in the message`, line: el.line, column: el.column, path: el.path });
            }
            return;
        }
        for (const ref of builtin === 'IDREFS' ? value.split(' ') : [value]) {
            if (!this.ids.has(ref))
                this.pending.push({ value: ref, line: el.line, column: el.column, path: el.path });
        }
    }
    finish() {
        for (const ref of this.pending) {
            if (this.ids.has(ref.value))
                continue;
            const name = ref.path.split('/').pop()?.replace(/\[\d+\]$/, '') ?? '';
            this.report({ message: `Reference '${ref.value}' in ${name} does not match any ID in the message`, line: ref.line, column: ref.column, path: ref.path });
        }
        this.pending.length = 0;
    }
}
//# sourceMappingURL=identity-tracker.js.map