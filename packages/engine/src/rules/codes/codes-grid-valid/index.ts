/** GRid of a release: 18 alphanumeric characters (DDEX Schematron) with an ISO 7064 MOD 37,36 check character. */
import { defineRule } from '../../define.js';
import { gridProblem } from '../../../codes/grid.js';
import { releaseProfile21, xsd } from '../../sources.js';

export default defineRule({
  id: 'codes-grid-valid',
  stage: 'codes',
  meta: {
    label: 'GRid valid',
    description: 'Each GRid is 18 characters (A1, issuer, release number, check character) with a correct ISO 7064 MOD 37,36 check character.',
    sources: [
      xsd('4.3', 'ReleaseId/GRid'),
      releaseProfile21('Schematron MultiProfile_GRid (pattern of the GRid)'),
      { kind: 'iso', ref: 'ISO/IEC 7064 MOD 37,36: the GRid check character (GRid Handbook, IFPI)', url: 'https://www.ifpi.org/grid/' },
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      syntax: 'GRid "{grid}" is not 18 upper-case letters and digits without separators.',
      checkChar: 'GRid "{grid}" ends in check character {found}, but its other characters call for {expected}.',
    },
    hint: {
      syntax: 'Send the GRid as issued, 18 characters without dashes (A1-2425G-ABC1234002-M is sent as A12425GABC1234002M).',
      checkChar: 'Check the GRid against the one issued for the release; a typo usually changes the check character.',
    },
  },
  create(ctx) {
    return {
      GRid(el) {
        if (el.text === '') return;
        const problem = gridProblem(el.text);
        if (problem) ctx.report({ messageId: problem.kind, loc: el, data: { grid: el.text, ...(problem.kind === 'checkChar' ? { expected: problem.expected, found: problem.found } : {}) } });
      },
    };
  },
});
