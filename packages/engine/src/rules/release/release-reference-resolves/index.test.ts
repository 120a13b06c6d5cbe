import { describe, expect, it } from 'vitest';
import { lineOf, runRule } from '../../testing/rule-tester.js';

describe('release-reference-resolves', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('release-reference-resolves', { version })).findings).toEqual([]);
  });

  it.each([
    ['4.3', '<ReleaseResourceReference>A2</ReleaseResourceReference>\n        </ResourceGroupContentItem>', '<ReleaseResourceReference>A9</ReleaseResourceReference>\n        </ResourceGroupContentItem>', 'A9', 'resource', 'R0'],
    ['4.3', '<DealReleaseReference>R2</DealReleaseReference>', '<DealReleaseReference>R7</DealReleaseReference>', 'R7', 'release', null],
    ['4.3', '<ReleaseLabelReference>PLabel1</ReleaseLabelReference>\n      <PLine>', '<ReleaseLabelReference>PLabel9</ReleaseLabelReference>\n      <PLine>', 'PLabel9', 'party', 'R0'],
    ['3.8.2', '<DealReleaseReference>R1</DealReleaseReference>', '<DealReleaseReference>R5</DealReleaseReference>', 'R5', 'release', null],
    ['3.8.2', '<ReleaseResourceReference ReleaseResourceType="SecondaryResource">A2</ReleaseResourceReference>\n      </ReleaseResourceReferenceList>', '<ReleaseResourceReference ReleaseResourceType="SecondaryResource">A3</ReleaseResourceReference>\n      </ReleaseResourceReferenceList>', 'A3', 'resource', 'R0'],
  ] as const)('ERN %s: reports a dangling reference', async (version, search, replace, reference, target, release) => {
    const run = await runRule('release-reference-resolves', { version, edits: [[search, replace]] });
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', line: lineOf(run.xml, `>${reference}<`) });
    expect(run.findings[0].message).toContain(`"${reference}"`);
    expect(run.findings[0].message).toContain(target);
    if (release) expect(run.findings[0].release).toBe(release);
  });
});
