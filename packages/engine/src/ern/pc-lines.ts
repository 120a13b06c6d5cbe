/** P-lines and C-lines: `Year?`, `PLineCompany?`/`CLineCompany?`, `PLineText`/`CLineText` (all versions). */
import type { OpenElement } from '../xml/events.js';
import type { PcLine } from './model.js';
import { Table, type Dispatcher } from './dispatch.js';
import { locOf, toInt } from './values.js';

const LINE = new Table<PcLine>({
  Year: { close: (el, l) => { l.year = toInt(el.text); } },
  PLineCompany: { close: (el, l) => { l.company = el.text; } },
  CLineCompany: { close: (el, l) => { l.company = el.text; } },
  PLineText: { close: (el, l) => { l.text = el.text; } },
  CLineText: { close: (el, l) => { l.text = el.text; } },
});

export function openPcLine(el: OpenElement, d: Dispatcher, kind: 'P' | 'C', add: (l: PcLine) => void): void {
  d.push(el, LINE, { kind, year: null, company: null, text: '', loc: locOf(el, d) }, add);
}

export function samePcLine(a: PcLine, b: PcLine): boolean {
  return a.kind === b.kind && a.year === b.year && a.company === b.company && a.text === b.text;
}
