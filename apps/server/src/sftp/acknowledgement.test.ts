/**
 * The acknowledgement's text and what each kind of outcome says: every outcome the job can write
 * (imported, rejected by each mapped rule, partly imported, many errors, a hostile error text, no
 * report, refused, no message) is validated by xmllint against ern-c-sftp 1.6.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ackPathFor, acknowledgementXml, isAckName, type Party } from './acknowledgement.js';
import { messageOutcome, noMessageOutcome, statusOfRule, unreadOutcome, type AckOutcome, type ItemFacts, type MessageFacts } from './ack-outcomes.js';

const XSD_DIR = path.join(process.env.DDEX_SCHEMAS_DIR ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../../shared/ddex/xsd'), 'ern-c-sftp-1.6');
const sender: Party = { ids: [{ value: 'ddex-check', namespace: 'ddex-check' }] };
const recipient: Party = { ids: [{ value: 'PADPIDA2014120301U' }, { value: '7', namespace: 'ddex-check:account' }], name: 'Label & Sons <Ltd>' };
const delivery = { id: 12, status: 'partial', error: null, message_id: 'M1' };

function validXml(outcomes: AckOutcome[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ack-unit-'));
  try {
    const files = outcomes.map((o, i) => {
      const file = path.join(dir, `ACK_${i}.xml`);
      fs.writeFileSync(file, acknowledgementXml({ ...o, sender, recipient, createdAt: new Date('2026-03-01T10:00:00.123Z') }));
      return file;
    });
    execFileSync('xmllint', ['--nonet', '--noout', '--schema', path.join(XSD_DIR, 'ern-choreography-sftp.xsd'), ...files], { env: { ...process.env, XML_CATALOG_FILES: path.join(XSD_DIR, 'catalog.xml') }, stdio: ['ignore', 'pipe', 'pipe'] });
    return files.map((f) => fs.readFileSync(f, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const message = (o: Partial<MessageFacts> = {}): MessageFacts => ({ file: 'a/m.xml', sender: 'PADPIDA2014120301U', created: '2026-02-27T09:00:00Z', rejected: false, errors: [], error_count: 0, ...o });
const item = (o: Partial<ItemFacts> = {}): ItemFacts => ({ file: 'a/m.xml', ref: 'R0', upc: '5012345678900', outcome: 'created', errors: [], ...o });
const err = (rule: string, i = 1) => ({ rule, stage: rule.split('-')[0], message: `problem ${i}`, field: '', line: i, column: 2 });

describe('SFTP acknowledgements', () => {
  it('maps rules to the ERN-C file statuses', () => {
    expect(statusOfRule('xml-schema-valid')).toBe('NewReleaseMessageInvalid');
    expect(statusOfRule('package-file-present')).toBe('ResourceMissing');
    expect(statusOfRule('audio-file-decodable')).toBe('ResourceCorrupt');
    expect(statusOfRule('artwork-size-minimum')).toBe('ResourceNotMeetingSpecifications');
    expect(statusOfRule('codes-isrc-syntax')).toBe('IdentifierSyntaxInvalid');
    expect(statusOfRule('codes-isrc-unique')).toBe('IdentifierInvalid');
    expect(statusOfRule('deals-present')).toBe('NoDealInNewReleaseMessage');
    expect(statusOfRule('release-title-present')).toBe('MetadataMissing');
    expect(statusOfRule('release-display-artist-present')).toBe('PrimaryArtistNameMissing');
    expect(statusOfRule('release-track-numbering')).toBe('NewReleaseMessageInvalid');
  });

  it('writes a schema-valid ACK for every kind of outcome, escaping what XML cannot hold', () => {
    const many = Array.from({ length: 80 }, (_, i) => err('codes-isrc-syntax', i + 1));
    const outcomes = [
      messageOutcome(delivery, message(), [item(), item({ ref: 'R1', outcome: 'flagged' })]),
      messageOutcome(delivery, message({ rejected: true, errors: [err('xml-schema-valid')], error_count: 1 }), []),
      messageOutcome(delivery, message({ errors: many.slice(0, 100), error_count: 80 }), [item({ outcome: 'left_out' })]),
      messageOutcome(delivery, message(), [item(), item({ ref: 'R1', upc: '', outcome: 'left_out', errors: [{ rule: 'server-release-upc-required', message: 'no UPC', field: '', line: null, column: null }] })]),
      messageOutcome(delivery, message({ errors: [{ ...err('release-title-present'), message: 'title "\u0001\uFFFE" & <b>' }], error_count: 1 }), [item({ outcome: 'left_out' })]),
      messageOutcome(delivery, message({ created: null, sender: null }), []),
      unreadOutcome('m.xml', { internal: true, text: 'Processing was interrupted 3 times; the batch was not imported.' }),
      unreadOutcome('m.xml', { internal: false, text: 'the batch holds 3 bytes, above the 2 a delivery may have' }),
      noMessageOutcome('BatchComplete_x.xml', 'No release could be read: not an ERN message.'),
    ];
    const xml = validXml(outcomes);
    expect(xml[0]).toContain('<FileStatus>FileOK</FileStatus>');
    expect(xml[0]).not.toContain('<ErrorText>');
    expect(xml[0]).toContain('<ReleaseId>5012345678900</ReleaseId>');
    expect(xml[0]).toContain('<Date>2026-02-27</Date>');
    expect(xml[0]).toContain('<MessageCreatedDateTime>2026-03-01T10:00:00Z</MessageCreatedDateTime>');
    expect(xml[0]).toContain('<FullName>Label &amp; Sons &lt;Ltd&gt;</FullName>');
    expect(xml[1]).toContain('<FileStatus>NewReleaseMessageInvalid</FileStatus>');
    expect(xml[1]).toContain('- line 1, column 2: problem 1 [xml-schema-valid]');
    expect(xml[2]).toContain('<FileStatus>IdentifierSyntaxInvalid</FileStatus>');
    expect(xml[2].match(/^- line/gm)).toHaveLength(50);
    expect(xml[2]).toContain('- … and 30 more');
    expect(xml[3]).toContain('1 of the 2 releases of this message were not imported (delivery 12):');
    expect(xml[3]).toContain('<FileStatus>MetadataMissing</FileStatus>');
    expect(xml[3]).toContain('- no UPC [server-release-upc-required]');
    expect(xml[4]).toContain('title &quot;\uFFFD\uFFFD&quot; &amp; &lt;b&gt;');
    expect(xml[5]).toContain('<AcknowledgedFile/>');
    expect(xml[6]).toContain('<FileStatus>InternalError</FileStatus>');
    expect(xml[6]).toContain('<ManualCheckRequired>false</ManualCheckRequired>');
    expect(xml[7]).toContain('<FileStatus Namespace="ddex-check" UserDefinedValue="BatchRefused">UserDefined</FileStatus>');
    expect(xml[8]).toContain('<FileStatus>ErnMissing</FileStatus>');
    for (const x of xml.slice(1)) expect(x).toContain('<ProposedActionType>ResendXmlAndResources</ProposedActionType>');
  });

  it('names the ACK after the message, beside it, and reserves those names', () => {
    expect(ackPathFor('5012345678900.xml')).toBe('ACK_5012345678900.xml');
    expect(ackPathFor('sub/dir/m.v2.xml')).toBe('sub/dir/ACK_m.v2.xml');
    expect(ackPathFor('BatchComplete_x.xml')).toBe('ACK_BatchComplete_x.xml');
    expect(ackPathFor('x.complete')).toBe('ACK_x.xml');
    expect(isAckName('ACK_m.xml')).toBe(true);
    expect(isAckName('ack_m.XML')).toBe(true);
    expect(isAckName('m.xml')).toBe(false);
  });
});
