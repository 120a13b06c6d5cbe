import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-pcline-year', [
  { name: 'C-line without Year', version: '4.3', edits: [[F43.cLine, '<CLine>\n        <CLineText>(C) 2026 Northwind Records</CLineText>\n      </CLine>']], findings: [{ id: 'noYear', at: '<CLine>', path: '/NewReleaseMessage/ReleaseList/Release/CLine' }], status: 'warning' },
  { name: 'C-line Year 2062 (typo)', version: '4.3', edits: [[F43.cLine, F43.cLine.replace('<Year>2026</Year>', '<Year>2602</Year>')]], findings: [{ id: 'implausible', at: '<CLine>', path: '/NewReleaseMessage/ReleaseList/Release/CLine' }] },
  { name: 'Year differs from the text', version: '3.8.2', edits: [[F382.cLine, F382.cLine.replace('<Year>2026</Year>', '<Year>2025</Year>')]], findings: [{ id: 'mismatch', at: '<CLine>', path: '/NewReleaseMessage/ReleaseList/Release/CLine' }] },
  { name: 'a range in the text is not a contradiction', version: '3.8.2', edits: [[F382.cLine, F382.cLine.replace('(C) 2026', '(C) 2024-2026')]], ids: [] },
]);
