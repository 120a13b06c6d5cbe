/** P-line and C-line years: present, plausible, and the same as the year written in the line's text. */
import { defineRule } from '../../define.js';
import type { PcLine } from '../../../ern/model.js';

const FIRST_YEAR = 1877; // the phonograph: no sound recording is older

export default defineRule({
  id: 'release-pcline-year',
  stage: 'release',
  meta: {
    label: 'P-line/C-line year',
    description: 'Every P-line and C-line has a Year that is plausible (1877 to next year) and agrees with the year in its text.',
    versions: 'all',
    severity: 'warn',
    messages: {
      noYear: '{kind}-line "{text}" has no Year.',
      implausible: '{kind}-line year {year} is not plausible (expected {first} to {last}).',
      mismatch: '{kind}-line Year is {year} but its text says {textYear} ("{text}").',
    },
    hint: {
      noYear: 'Add the Year element to the {kind}Line; stores show "{kind} <year> <company>".',
      implausible: 'Send the four-digit year of first publication.',
      mismatch: 'Make the Year element and the year in {kind}LineText the same.',
    },
  },
  create(ctx) {
    const last = new Date().getUTCFullYear() + 1;
    // The years a line's text names, per text: a catalogue repeats one P-line on every track.
    const named = new Map<string, number[]>();
    const yearsIn = (text: string) => {
      let years = named.get(text);
      if (!years) named.set(text, (years = [...text.matchAll(/(?:^|[^\d])(1[89]\d\d|20\d\d)(?!\d)/g)].map((m) => Number(m[1]))));
      return years;
    };
    // `ids` is called only for a finding: each read of a reference decodes a record kept as bytes.
    const check = (line: PcLine, ids: () => { release: string | null; resource: string | null }) => {
      const base = () => ({ loc: line.loc, ...ids() });
      if (line.year === null) {
        ctx.report({ ...base(), messageId: 'noYear', data: { kind: line.kind, text: line.text } });
        return;
      }
      if (line.year < FIRST_YEAR || line.year > last) {
        ctx.report({ ...base(), messageId: 'implausible', data: { kind: line.kind, year: line.year, first: FIRST_YEAR, last } });
        return;
      }
      const years = yearsIn(line.text);
      // Only a text naming one year can contradict the Year (a range "2001-2003" names several).
      if (years.length === 1 && years[0] !== line.year) ctx.report({ ...base(), messageId: 'mismatch', data: { kind: line.kind, year: line.year, textYear: years[0], text: line.text } });
    };
    return {
      'Message:exit'() {
        for (const r of ctx.message.releases) {
          const ids = () => ({ release: r.reference?.value ?? null, resource: null });
          for (const l of r.pLines) check(l, ids);
          for (const l of r.cLines) check(l, ids);
        }
        for (const r of ctx.message.resources) {
          const ids = () => ({ release: null, resource: r.reference?.value ?? null });
          for (const l of r.pLines) check(l, ids);
          for (const l of r.cLines ?? []) check(l, ids);
        }
      },
    };
  },
});
