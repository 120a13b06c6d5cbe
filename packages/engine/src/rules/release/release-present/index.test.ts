import { describe, expect, it } from 'vitest';
import { baseMessage, runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('release-present', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('release-present', { version })).findings).toEqual([]);
  });
  it('reports a NewReleaseMessage whose ReleaseList is empty', async () => {
    const base = baseMessage('4.3');
    const xml = base.slice(0, base.indexOf('<ReleaseList>') + '<ReleaseList>'.length) + base.slice(base.indexOf('</ReleaseList>'));
    const run = await runRule('release-present', { version: '4.3', xml });
    expectFindings(run, run.xml, [{ id: 'none', at: '<?xml version="1.0" encoding="UTF-8"?>', path: '/NewReleaseMessage' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', field: '/NewReleaseMessage', release: null });
  });
});
