import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { sample } from '../../../test-support.js';
import { expectFindings } from '../../testing/pin.js';

describe('deals-purge-not-takedown', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: a NewReleaseMessage passes', async (version) => {
    expect((await runRule('deals-purge-not-takedown', { version })).findings).toEqual([]);
  });

  it('a PurgeReleaseMessage (a DDEX-format sample) is refused at its root', async () => {
    const xml = readFileSync(sample('audius-ddex-processor/03_delete.xml'), 'utf8');
    const run = await runRule('deals-purge-not-takedown', { version: '3.8.2', xml });
    expectFindings(run, run.xml, [{ id: 'purge', at: '<ern:PurgeReleaseMessage MessageSchemaVersionId="ern/382"', path: '/PurgeReleaseMessage' }]);
    expect(run.findings.map((f) => [f.message_id, f.status, f.field])).toEqual([['purge', 'error', '/PurgeReleaseMessage']]);
    expect(run.findings[0].line).toBeGreaterThan(0);
  });
});
