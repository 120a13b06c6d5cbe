import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-cline-present', [
  { name: 'no C-line', version: '4.3', edits: [[F43.cLine, '']], ids: ['missing'], status: 'warning' },
  { name: 'no C-line', version: '3.8.2', edits: [[F382.cLine, '']], ids: ['missing'] },
]);
