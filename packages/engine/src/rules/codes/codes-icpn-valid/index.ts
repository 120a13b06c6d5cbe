/** ICPN (UPC/EAN) of a release: GTIN-8, UPC-A, EAN-13 or GTIN-14 digits with a correct GS1 mod-10 check digit. */
import { defineRule } from '../../define.js';
import { gtinProblem } from '../../../codes/gtin.js';
import { spec, xsd } from '../../sources.js';

export default defineRule({
  id: 'codes-icpn-valid',
  stage: 'codes',
  meta: {
    label: 'UPC/EAN (ICPN) valid',
    description: 'Each release ICPN is 8, 12, 13 or 14 digits with a correct GS1 check digit.',
    sources: [
      xsd('4.3', 'ReleaseId/ICPN'),
      spec('GS1 General Specifications (GTIN)', 'GTIN-8, -12, -13 and -14 check digit'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      characters: 'ICPN "{icpn}" must contain digits only.',
      length: 'ICPN "{icpn}" has {length} digits; a UPC/EAN has 8, 12, 13 or 14.',
      checkDigit: 'ICPN "{icpn}" has check digit {found}, but its other digits call for {expected}.',
    },
    hint: {
      characters: 'Send the UPC/EAN as digits only, without spaces or dashes.',
      length: 'Send the full UPC (12 digits) or EAN (13 digits) as assigned by GS1.',
      checkDigit: 'Check the UPC/EAN against the one assigned to the release; a typo usually changes the check digit.',
    },
  },
  create(ctx) {
    return {
      'ReleaseId/ICPN'(el) {
        if (!el.bare.includes('/ReleaseList/')) return;
        const problem = gtinProblem(el.text);
        if (!problem) return;
        ctx.report({ messageId: problem.kind, loc: el, data: { icpn: el.text, ...('length' in problem ? { length: problem.length } : {}), ...('expected' in problem ? { expected: problem.expected, found: problem.found } : {}) } });
      },
    };
  },
});
