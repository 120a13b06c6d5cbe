import { describe, expect, it } from 'vitest';
import { lineOf, runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('xml-version-declared', () => {
  it('passes a matching MessageSchemaVersionId (3.8.2) and a leading slash', async () => {
    expect((await runRule('xml-version-declared', { version: '3.8.2' })).findings).toEqual([]);
    const slash = await runRule('xml-version-declared', { version: '3.8.2', edits: [['MessageSchemaVersionId="ern/382"', 'MessageSchemaVersionId="/ern/382"']] });
    expect(slash.findings).toEqual([]);
  });
  it('warns when the declared id names another version than the namespace', async () => {
    const run = await runRule('xml-version-declared', { version: '3.8.2', edits: [['MessageSchemaVersionId="ern/382"', 'MessageSchemaVersionId="ern/381"']] });
    expectFindings(run, run.xml, [{ id: 'mismatch', at: '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/382" MessageSchemaVersionId="ern/381" LanguageAndScriptCode="en">', path: '/NewReleaseMessage' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'warning', line: lineOf(run.xml, 'ern/381') });
    expect(run.findings[0].message).toMatch(/3\.8\.1.*3\.8\.2/);
  });
});
