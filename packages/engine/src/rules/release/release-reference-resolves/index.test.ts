import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('release-reference-resolves', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('release-reference-resolves', { version })).findings).toEqual([]);
  });

  it.each([
    ['4.3', '<ReleaseResourceReference>A2</ReleaseResourceReference>\n        </ResourceGroupContentItem>', '<ReleaseResourceReference>A9</ReleaseResourceReference>\n        </ResourceGroupContentItem>', 'A9', 'resource', 'R0', '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem[2]/ReleaseResourceReference'],
    ['4.3', '<DealReleaseReference>R2</DealReleaseReference>', '<DealReleaseReference>R7</DealReleaseReference>', 'R7', 'release', null, '/NewReleaseMessage/DealList/ReleaseDeal/DealReleaseReference[3]'],
    ['4.3', '<ReleaseLabelReference>PLabel1</ReleaseLabelReference>\n      <PLine>', '<ReleaseLabelReference>PLabel9</ReleaseLabelReference>\n      <PLine>', 'PLabel9', 'party', 'R0', '/NewReleaseMessage/ReleaseList/Release/ReleaseLabelReference'],
    ['3.8.2', '<DealReleaseReference>R1</DealReleaseReference>', '<DealReleaseReference>R5</DealReleaseReference>', 'R5', 'release', null, '/NewReleaseMessage/DealList/ReleaseDeal/DealReleaseReference[2]'],
    ['3.8.2', '<ReleaseResourceReference ReleaseResourceType="SecondaryResource">A2</ReleaseResourceReference>\n      </ReleaseResourceReferenceList>', '<ReleaseResourceReference ReleaseResourceType="SecondaryResource">A3</ReleaseResourceReference>\n      </ReleaseResourceReferenceList>', 'A3', 'resource', 'R0', '/NewReleaseMessage/ReleaseList/Release/ReleaseResourceReferenceList/ReleaseResourceReference[2]'],
  ] as const)('ERN %s: reports a dangling reference', async (version, search, replace, reference, target, release, path) => {
    const run = await runRule('release-reference-resolves', { version, edits: [[search, replace]] });
    // On the referring element itself.
    const element = /<(\w+)[^>]*>$/.exec(replace.slice(0, replace.indexOf(`>${reference}<`) + 1))!;
    expectFindings(run, run.xml, [{ id: 'unresolved', at: replace.slice(0, replace.indexOf(`>${reference}<`) + 1 + reference.length), path }]);
    expect(run.findings[0].message).toContain(element[1]);
    expect(run.findings[0].status).toBe('error');
    expect(run.findings[0].message).toContain(`"${reference}"`);
    expect(run.findings[0].message).toContain(target);
    if (release) expect(run.findings[0].release).toBe(release);
  });
});
