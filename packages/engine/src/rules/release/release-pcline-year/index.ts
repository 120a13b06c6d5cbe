/** P-line and C-line years: present, plausible, and the same as the year written in the line's text. */
import { defineRule, type ReportDescriptor } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import type { PcLine } from '../../../ern/model.js';
import { memoByText } from '../../../memo-by-text.js';
import { service, xsd } from '../../sources.js';

const FIRST_YEAR = 1877; // the phonograph: no sound recording is older

export default defineRule({
  id: 'release-pcline-year',
  stage: 'release',
  meta: {
    label: 'P-line/C-line year',
    description: 'Every P-line and C-line has a Year that is plausible (1877 to next year) and agrees with the year in its text.',
    sources: [
      xsd('4.3', 'PLine/Year, CLine/Year'),
      service('The year of a P-line or C-line is the year of first publication in its notice: it must agree with the year in the text and be plausible (1877 to next year).'),
    ],
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
    // The years a line's text names, per text: a catalogue repeats one P-line on every track (a few
    // thousand texts remembered at most: lines that differ on every track are not all kept).
    const yearsIn = memoByText((text: string) => [...text.matchAll(/(?:^|[^\d])(1[89]\d\d|20\d\d)(?!\d)/g)].map((m) => Number(m[1])));
    /** What is wrong with a P- or C-line's year: a finding's message id and data, or null. */
    const problem = (line: PcLine): Pick<ReportDescriptor, 'messageId' | 'data'> | null => {
      if (line.year === null) return { messageId: 'noYear', data: { kind: line.kind, text: line.text } };
      if (line.year < FIRST_YEAR || line.year > last) return { messageId: 'implausible', data: { kind: line.kind, year: line.year, first: FIRST_YEAR, last } };
      const years = yearsIn(line.text);
      // Only a text naming one year can contradict the Year (a range "2001-2003" names several).
      if (years.length === 1 && years[0] !== line.year) return { messageId: 'mismatch', data: { kind: line.kind, year: line.year, textYear: years[0], text: line.text } };
      return null;
    };
    // `ids` is called only for a finding: each read of a reference decodes a record kept as bytes.
    const check = (line: PcLine, ids: () => { release: string | null; resource: string | null }) => {
      const found = problem(line);
      if (found) ctx.report({ ...found, loc: line.loc, ...ids() });
    };
    // Releases and resources with a line to report, found as they close (ctx.onRelease, ctx.onResource) and reported at message end.
    const wrong = (r: { pLines: PcLine[]; cLines?: PcLine[] | null }) => r.pLines.some((l) => problem(l) !== null) || (r.cLines ?? []).some((l) => problem(l) !== null);
    const flaggedReleases = numbersWhere(ctx.onRelease, wrong);
    const flagged = numbersWhere(ctx.onResource, wrong);
    return {
      'Message:exit'() {
        for (const n of flaggedReleases) {
          const r = ctx.message.releases.at(n)!;
          const ids = () => ({ release: r.reference?.value ?? null, resource: null });
          for (const l of r.pLines) check(l, ids);
          for (const l of r.cLines) check(l, ids);
        }
        for (const n of flagged) {
          const r = ctx.message.resources.at(n)!;
          const ids = () => ({ release: null, resource: r.reference?.value ?? null });
          for (const l of r.pLines) check(l, ids);
          for (const l of r.cLines ?? []) check(l, ids);
        }
      },
    };
  },
});
