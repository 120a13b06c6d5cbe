/** ISWC of a musical work: `T` + 9 digits + check digit (ISO 15707). */
import { defineRule } from '../../define.js';
import { iswcProblem } from '../../../codes/iswc.js';
import { iso, releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'codes-iswc-valid',
  stage: 'codes',
  meta: {
    label: 'ISWC valid',
    description: 'Each ISWC is T, nine digits and a correct ISO 15707 check digit (T3452468001 or T-345246800-1).',
    sources: [
      iso('ISO 15707 (ISWC)', 'ISO 15707:2001, T, nine digits and a check digit'),
      releaseProfile21('Schematron MultiProfile_ISWC (pattern ^[a-zA-Z][0-9]{10}$)'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      syntax: 'ISWC "{iswc}" is not T followed by ten digits.',
      checkDigit: 'ISWC "{iswc}" ends in check digit {found}, but its other digits call for {expected}.',
    },
    hint: {
      syntax: 'Send the ISWC as registered (e.g. T0345246801), or leave it out.',
      checkDigit: 'Check the ISWC in the ISWC network (iswcnet.cisac.org); a typo usually changes the check digit.',
    },
  },
  create(ctx) {
    return {
      ISWC(el) {
        if (el.text === '') return;
        const problem = iswcProblem(el.text);
        if (problem) ctx.report({ messageId: problem.kind, loc: el, data: { iswc: el.text, ...(problem.kind === 'checkDigit' ? { expected: problem.expected, found: problem.found } : {}) } });
      },
    };
  },
});
