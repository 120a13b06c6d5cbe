import { Table } from './dispatch.js';
import { locOf, toInt } from './values.js';
const LINE = new Table({
    Year: { close: (el, l) => { l.year = toInt(el.text); } },
    PLineCompany: { close: (el, l) => { l.company = el.text; } },
    CLineCompany: { close: (el, l) => { l.company = el.text; } },
    PLineText: { close: (el, l) => { l.text = el.text; } },
    CLineText: { close: (el, l) => { l.text = el.text; } },
});
export function openPcLine(el, d, kind, add) {
    d.push(el, LINE, { kind, year: null, company: null, text: '', loc: locOf(el) }, add);
}
export function samePcLine(a, b) {
    return a.kind === b.kind && a.year === b.year && a.company === b.company && a.text === b.text;
}
//# sourceMappingURL=pc-lines.js.map