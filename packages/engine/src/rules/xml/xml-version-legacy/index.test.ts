import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('xml-version-legacy', () => {
  it('passes ERN 4.3', async () => {
    const run = await runRule('xml-version-legacy', { version: '4.3' });
    expect(run.findings).toEqual([]);
  });
  it('warns on ERN 3.8.2, located at the root', async () => {
    const run = await runRule('xml-version-legacy', { version: '3.8.2' });
    expectFindings(run, run.xml, [{ id: 'legacy', at: '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/382" MessageSchemaVersionId="ern/382" LanguageAndScriptCode="en">', path: '/NewReleaseMessage' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'warning', line: 2, field: '/NewReleaseMessage' });
    expect(run.findings[0].message).toContain('3.8.2');
  });
});
