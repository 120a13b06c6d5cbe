import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';

const SPOTIFY = { versions: ['4.3'], from: '2026-04-01', today: '2026-11-25' };

ruleTable('release-ern-version-accepted', [
  { name: 'ERN 4.3 is accepted from 2026-04-01', version: '4.3', options: SPOTIFY, ids: [] },
  {
    name: 'ERN 3.8.2 delivered after 2026-04-01 is refused',
    version: '3.8.2',
    options: SPOTIFY,
    findings: [{ id: 'version', at: '<MessageCreatedDateTime>', path: '/NewReleaseMessage/MessageHeader/MessageCreatedDateTime' }],
    status: 'error',
    check: (run) => {
      expect(run.findings[0].message).toBe('The message is ERN 3.8.2; the store accepts ERN 4.3 for deliveries from 2026-04-01.');
      expect(run.findings[0].field).toBe('/NewReleaseMessage/MessageHeader/MessageCreatedDateTime');
    },
  },
  { name: 'ERN 3.8.2 delivered before the date is not held to it', version: '3.8.2', options: { ...SPOTIFY, today: '2026-03-31' }, ids: [] },
  { name: 'without a date given, the check is held to today (after 2026-04-01)', version: '3.8.2', options: { versions: ['4.3'], from: '2026-04-01' }, findings: [{ id: 'version', at: '<MessageCreatedDateTime>', path: '/NewReleaseMessage/MessageHeader/MessageCreatedDateTime' }] },
  { name: 'a list of 3.x and 4.3 accepts 3.8.2', version: '3.8.2', options: { versions: ['3.7', '3.8', '3.8.1', '3.8.2', '4.3'] }, ids: [] },
  { name: 'a list without 4.3 refuses it', version: '4.3', options: { versions: ['3.8.2'] }, findings: [{ id: 'version', at: '<MessageCreatedDateTime>', path: '/NewReleaseMessage/MessageHeader/MessageCreatedDateTime' }] },
]);
