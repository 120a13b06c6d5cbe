/** ISNI of a party: 15 digits and an ISO 7064 MOD 11-2 check character (4.x `PartyId/ISNI`, 3.x `PartyId[@IsISNI='true']`). */
import { defineRule } from '../../define.js';
import { isniProblem } from '../../../codes/isni.js';
import type { ClosedElement } from '../../../xml/events.js';
import { iso, releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'codes-isni-valid',
  stage: 'codes',
  meta: {
    label: 'ISNI valid',
    description: 'Each ISNI is 16 characters (15 digits and a MOD 11-2 check character, X for 10) with the correct check character.',
    sources: [
      iso('ISO 27729 (ISNI)', 'ISO 27729:2012, 15 digits and a MOD 11-2 check character'),
      releaseProfile21('Schematron MultiProfile_ISNI (pattern ^[0-9]{15}[X0-9]$)'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      syntax: 'ISNI "{isni}" is not 15 digits followed by a digit or X.',
      checkChar: 'ISNI "{isni}" ends in check character {found}, but its other digits call for {expected}.',
    },
    hint: {
      syntax: 'Send the 16-character ISNI as listed on isni.org (e.g. 0000000121032683), or leave it out.',
      checkChar: 'Check the ISNI on isni.org; a typo usually changes the check character.',
    },
  },
  create(ctx) {
    const check = (el: ClosedElement) => {
      if (el.text === '') return;
      const problem = isniProblem(el.text);
      if (problem) ctx.report({ messageId: problem.kind, loc: el, data: { isni: el.text, ...(problem.kind === 'checkChar' ? { expected: problem.expected, found: problem.found } : {}) } });
    };
    return {
      ISNI: check,
      PartyId(el) {
        if (ctx.family === '3' && el.attrs.IsISNI === 'true') check(el);
      },
    };
  },
});
