import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMediaBatch } from '../../../media/testing/media-batch.js';
import { validate } from '../../../validate.js';
import { RULES } from '../../registry.js';
import { sample } from '../../../test-support.js';
import { expectFindings } from '../../testing/pin.js';

const ID = 'package-manifest-consistent';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function manifest(o: { url?: string; messageId?: string; hash?: string; algorithm?: string; count?: number }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ern-c:ManifestMessage MessageVersionId="ern-c/15" xmlns:ern-c="http://ddex.net/xml/ern-c/15">
  <IsTestFlag>false</IsTestFlag>
  <RootDirectory>20261125101500000</RootDirectory>
  <NumberOfMessages>${o.count ?? 1}</NumberOfMessages>
  <MessageInBatch>
    <MessageType>NewReleaseMessage</MessageType>
    <MessageId>${o.messageId ?? 'MSG-5012345678900-1'}</MessageId>
    <URL>${o.url ?? '/20261125101500000/5012345678900.xml'}</URL>
    <HashSum>
      <HashSum>${o.hash}</HashSum>
      <HashSumAlgorithmType>${o.algorithm ?? 'MD5'}</HashSumAlgorithmType>
    </HashSum>
  </MessageInBatch>
</ern-c:ManifestMessage>
`;
}

/** The ERN 4.3 album batch with `BatchComplete_….xml` written from the message's final bytes; only this rule on. */
async function run(make: (xml: string) => string, onlyThisRule = true) {
  const batch = await makeMediaBatch({ version: '4.3' });
  await writeFile(path.join(batch.dir, 'BatchComplete_20261125101500000.xml'), make(batch.xml));
  const rules = onlyThisRule ? { ...Object.fromEntries(RULES.map((r) => [r.id, 'off' as const])), [ID]: 'error' as const } : undefined;
  const report = await validate(batch.input, { rules, media: false });
  await rm(batch.dir, { recursive: true, force: true });
  return report.checks.filter((c) => c.rule === ID);
}

const ids = (checks: { message_id?: string; status: string }[]) => checks.filter((c) => c.status !== 'pass').map((c) => c.message_id);
const MESSAGE_ID = /<MessageId>([^<]+)<\/MessageId>/;

describe(ID, () => {
  it('a manifest listing the message with its id and MD5 passes, and is checked without being configured', async () => {
    const checks = await run((xml) => manifest({ hash: md5(xml), messageId: MESSAGE_ID.exec(xml)![1] }), false);
    expect(checks.map((c) => c.status)).toEqual(['pass']);
  });

  it('a hash sum that is not the file\'s is an error naming both', async () => {
    const checks = await run((xml) => manifest({ hash: md5(xml + ' '), messageId: MESSAGE_ID.exec(xml)![1] }));
    expect(ids(checks)).toEqual(['hash']);
    expect(checks[0].status).toBe('error');
    expectFindings({ findings: checks }, '', [{ id: 'hash', at: null, path: null }]);
    expect(checks[0].file).toBe('BatchComplete_20261125101500000.xml');
  });

  it('a SHA-256 sum is checked too', async () => {
    expect(ids(await run((xml) => manifest({ hash: createHash('sha256').update(xml).digest('hex'), algorithm: 'SHA256', messageId: MESSAGE_ID.exec(xml)![1] })))).toEqual([]);
  });

  it('a listed file that is not there, and a message that is not listed', async () => {
    const checks = await run((xml) => manifest({ url: '/20261125101500000/0000000000000.xml', hash: md5(xml) }));
    expect(ids(checks).sort()).toEqual(['missing', 'unlisted']);
    expect(checks.find((c) => c.message_id === 'unlisted')!.file).toBe('5012345678900.xml');
    // Findings about files of the batch: placed by file (the manifest, the message), not at a line of the message.
    expectFindings({ findings: checks.filter((c) => c.status !== 'pass') }, '', [
      { id: 'missing', at: null, path: null },
      { id: 'unlisted', at: null, path: null },
    ]);
    expect(checks.find((c) => c.message_id === 'missing')!.file).toBe('BatchComplete_20261125101500000.xml');
  });

  it('a wrong message id, a wrong count and a placeholder hash', async () => {
    expect(ids(await run((xml) => manifest({ hash: 'HashSumOfXmlFile', messageId: 'SOMETHING-ELSE', count: 2 }))).sort()).toEqual(['count', 'hashUnusable', 'messageId']);
  });

  it('a manifest that is not XML, or declares a DOCTYPE, is unreadable, never a crash', async () => {
    expect(ids(await run(() => '<ManifestMessage><oops></ManifestMessage>'))).toEqual(['unreadable']);
    expect(ids(await run(() => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><ManifestMessage>&a;</ManifestMessage>'))).toEqual(['unreadable']);
  });

  it('a batch with an empty marker (the album fixture) gets no manifest check', async () => {
    const report = await validate(path.resolve(__dirname, '../../../../../../fixtures/batches/album-43'), { media: false });
    expect(report.checks.some((c) => c.rule === ID)).toBe(false);
  });

  it('the ERN-C 1.5 sample batch (FUGA): its URL resolves from the batch\'s parent folder; its MessageId disagrees with the message', async () => {
    const report = await validate(sample('audius-protocol/fuga-batch/20240305090206405'), { media: false });
    const checks = report.checks.filter((c) => c.rule === ID);
    // The sample's manifest says FUGA_1000020402808; the message it points at says FUGA_1000254040840 (both read from the files).
    expect(checks.map((c) => [c.status, c.message_id])).toEqual([['error', 'messageId']]);
    expect(checks[0].message).toContain('"FUGA_1000020402808"; the message says "FUGA_1000254040840"');
  });
});
