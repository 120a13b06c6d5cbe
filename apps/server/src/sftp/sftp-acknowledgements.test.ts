/**
 * DDEX acknowledgements over SFTP (issue 45), end to end with OpenSSH's `sftp` client: every message
 * of a processed `/production` batch gets `ACK_<name>.xml` beside it, downloaded with `sftp get` and
 * validated here by xmllint against the ERN choreography's SFTP schema (ern-c-sftp 1.6) — for the
 * fixture album that imports, a schema-invalid message that is rejected, and a batch refused before
 * its import (too large), whose every XML file is acknowledged. The processed folder stays, read-only
 * (each change refused, saying why), until retention removes it 7 days after its acknowledgements
 * (a moved clock); then its name takes a new batch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, REPO_ROOT, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { waitForDelivery } from '../../test/support/deliveries.js';
import { albumFolder, sftpBatch, uploadBatchCommands, waitFor } from '../../test/support/sftp-client.js';
import { ssh2Sftp } from '../../test/support/ssh2-sftp.js';

const DAY = 86_400_000;
const SCHEMAS = process.env.DDEX_SCHEMAS_DIR ?? path.resolve(REPO_ROOT, '../shared/ddex/xsd');
const ACK_XSD_DIR = path.join(SCHEMAS, 'ern-c-sftp-1.6');
/** Small enough that a batch of the album and a padding file is refused, large enough for the album. */
const BATCH_LIMIT = 200_000;

/** xmllint against the ern-c-sftp 1.6 schema, offline (its catalog maps the xmldsig import to the local copy); throws with xmllint's words. */
function validateAck(file: string): void {
  execFileSync('xmllint', ['--nonet', '--noout', '--schema', path.join(ACK_XSD_DIR, 'ern-choreography-sftp.xsd'), file], {
    env: { ...process.env, XML_CATALOG_FILES: path.join(ACK_XSD_DIR, 'catalog.xml') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The text of element `name` (first one), XML entities decoded; null when absent. */
function element(xml: string, name: string): string | null {
  const m = new RegExp(`<${name}(?: [^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&') : null;
}

describe.each(backends())('SFTP acknowledgements ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let login: { username: string; password: string };
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'sftp-ack-'));
  const sftp = (commands: string[]) => sftpBatch({ port: server.sftpPort, user: login.username, password: login.password, commands, cwd: local });
  const production = () => path.join(server.dataDir, 'sftp/accounts', String(account.accountId), 'tree', 'production');
  const deliveries = async () => (await (await server.fetch('/v1/ddex', { headers: bearer(account.key) })).json()).data as any[];

  /** Waits for the ACK files `names` of `/production/<batch>/`, fetches them with `sftp get`, validates each with xmllint; returns their texts. */
  async function fetchAcks(batch: string, names: string[]): Promise<Record<string, string>> {
    await waitFor(`the acknowledgements of ${batch}`, async () => {
      const run = await sftp([`ls -1 /production/${batch}`]);
      // `ls -1 <folder>` prints each entry as its full path.
      return names.every((n) => run.output.split('\n').includes(`/production/${batch}/${n}`));
    });
    const into = fs.mkdtempSync(path.join(local, 'got-'));
    const got = await sftp(names.map((n) => `get /production/${batch}/${n} ${path.join(into, n.replace(/\//g, '_'))}`));
    expect(got.code, got.output).toBe(0);
    const texts: Record<string, string> = {};
    for (const n of names) {
      const file = path.join(into, n.replace(/\//g, '_'));
      validateAck(file);
      texts[n] = fs.readFileSync(file, 'utf8');
    }
    return texts;
  }

  beforeAll(async () => {
    server = await TestServer.start(backend, {
      DELIVERY_POLL_MS: '100',
      SFTP_ACK_EVERY_MS: '200',
      SFTP_RETENTION_EVERY_MS: '300',
      SFTP_FAILED_LOGIN_DELAY_MS: '100',
      DELIVER_RAW_MAX_BYTES: String(BATCH_LIMIT),
    });
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
    login = await server.admin('sftp', 'create', '--account', String(account.accountId));
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(local, { recursive: true, force: true });
  });

  let imported: { upc: string; deliveryId: number };

  it('acknowledges the message of a batch that imports: FileOK, valid against ern-c-sftp 1.6, beside the message', async () => {
    const album = albumFolder(local, 'ack-ok');
    const run = await sftp(uploadBatchCommands(album.dir, 'production', 'ack-ok'));
    expect(run.code, run.output).toBe(0);
    const listed = await waitFor('the delivery of ack-ok', async () => (await deliveries()).find((d) => d.batch_name === 'ack-ok'));
    const delivery = await waitForDelivery(server, account.key, listed.id);
    expect(delivery.status).toBe('done');
    imported = { upc: album.upc, deliveryId: listed.id };

    const ackName = `ACK_${album.upc}.xml`;
    const acks = await fetchAcks('ack-ok', [ackName]);
    const xml = acks[ackName];
    expect(xml).toContain('<ernc:FtpAcknowledgementMessage xmlns:ernc="http://ddex.net/xml/ern-c-sftp/16"');
    expect(element(xml, 'FileStatus')).toBe('FileOK');
    expect(element(xml, 'ErrorText')).toBeNull();
    expect(element(xml, 'ProposedActionType')).toBeNull();
    // The acknowledged message's main release, and the partner's account as recipient.
    expect(element(xml, 'ReleaseId')).toBe(album.upc);
    expect(element(xml, 'MessageRecipient')).toContain(`<PartyId Namespace="ddex-check:account">${account.accountId}</PartyId>`);

    // The folder holds the partner's files and the ACK, one per message (the marker is not one).
    const kept = fs.readdirSync(path.join(production(), 'ack-ok')).sort();
    expect(kept).toEqual([ackName, `${album.upc}.xml`, `BatchComplete_${album.upc}.complete`, 'resources'].sort());
    const batches = await server.admin('sftp', 'batches', '--account', String(account.accountId));
    expect(batches.find((b: any) => b.name === 'ack-ok')).toMatchObject({ status: 'queued', delivery_id: listed.id });
  });

  it('acknowledges a schema-invalid message as NewReleaseMessageInvalid with the schema error and the action to take', async () => {
    const album = albumFolder(local, 'ack-bad');
    const message = path.join(album.dir, `${album.upc}.xml`);
    fs.writeFileSync(message, fs.readFileSync(message, 'utf8').replace('</MessageHeader>', '</MessageHeader>\n  <NotAnErnElement/>'));
    const run = await sftp(uploadBatchCommands(album.dir, 'production', 'ack-bad'));
    expect(run.code, run.output).toBe(0);
    const listed = await waitFor('the delivery of ack-bad', async () => (await deliveries()).find((d) => d.batch_name === 'ack-bad'));
    const delivery = await waitForDelivery(server, account.key, listed.id);
    expect(delivery.status).toBe('failed');

    const ackName = `ACK_${album.upc}.xml`;
    const xml = (await fetchAcks('ack-bad', [ackName]))[ackName];
    expect(element(xml, 'FileStatus')).toBe('NewReleaseMessageInvalid');
    const text = element(xml, 'ErrorText')!;
    expect(text).toContain(`This message was not imported (delivery ${listed.id})`);
    expect(text).toContain('[xml-schema-valid]');
    expect(text).toContain('NotAnErnElement');
    expect(text).toMatch(/line \d+, column \d+: /);
    expect(element(xml, 'ProposedActionType')).toBe('ResendXmlAndResources');
    expect(element(xml, 'ManualCheckRequired')).toBe('true');
  });

  it('acknowledges every XML file of a batch refused before its import (too large), saying why', async () => {
    const album = albumFolder(local, 'ack-big');
    fs.copyFileSync(path.join(album.dir, `${album.upc}.xml`), path.join(album.dir, 'second.xml'));
    fs.writeFileSync(path.join(album.dir, 'resources', 'padding.bin'), crypto.randomBytes(BATCH_LIMIT - 1000));
    const run = await sftp(uploadBatchCommands(album.dir, 'production', 'ack-big'));
    expect(run.code, run.output).toBe(0);

    const names = [`ACK_${album.upc}.xml`, 'ACK_second.xml'];
    const acks = await fetchAcks('ack-big', names);
    for (const name of names) {
      expect(acks[name]).toContain('<FileStatus Namespace="ddex-check" UserDefinedValue="BatchRefused">UserDefined</FileStatus>');
      expect(element(acks[name], 'ErrorText')).toMatch(new RegExp(`This message was not imported: the batch holds \\d+ bytes, above the ${BATCH_LIMIT} a delivery may have`));
      expect(element(acks[name], 'ManualCheckRequired')).toBe('true');
    }
    // No delivery was made; the marker got no ACK of its own.
    expect((await deliveries()).some((d) => d.batch_name === 'ack-big')).toBe(false);
    expect(fs.readdirSync(path.join(production(), 'ack-big')).filter((n) => n.startsWith('ACK_')).sort()).toEqual(names.sort());
  });

  it('keeps a processed folder read-only: every change refused, saying it was processed and to use a new folder name', async () => {
    const ack = `ACK_${imported.upc}.xml`;
    fs.writeFileSync(path.join(local, 'late.xml'), '<late/>');
    for (const command of ['put late.xml /production/ack-ok/', `rm /production/ack-ok/${ack}`, `rename /production/ack-ok/${ack} /production/ack-ok/x.xml`, 'rename /production/ack-ok /production/elsewhere', 'rmdir /production/ack-ok/resources', 'mkdir /production/ack-ok/more']) {
      const run = await sftp([command]);
      expect(run.code, `${command}: ${run.output}`).not.toBe(0);
      expect(run.output, command).toMatch(/Permission denied/);
    }
    // A folder made again under the same name is the same folder: it exists, and takes nothing.
    expect((await sftp(['mkdir /production/ack-ok'])).code).not.toBe(0);

    const client = await ssh2Sftp({ port: server.sftpPort, username: login.username, password: login.password });
    try {
      const refused = await client.open('/production/ack-ok/late.xml', 'w');
      expect(typeof refused).toBe('string');
      expect(refused).toMatch(new RegExp(`/production/ack-ok was processed \\(delivery ${imported.deliveryId}\\) and is read-only: its acknowledgements \\(ACK_\\*\\.xml\\) are written beside its messages, and the folder is removed on \\d{4}-\\d{2}-\\d{2}\\. Send anything else as a new batch in a folder with a new name`));
      // ACK names are the server's, in a batch not processed yet too.
      expect(await client.mkdir('/production/fresh')).toBe('ok');
      expect(await client.open('/production/fresh/ACK_mine.xml', 'w')).toMatch(/ACK_\*\.xml files in \/production are written by the server/);
    } finally {
      client.drop();
    }
    // Everything is still there, untouched; reading works.
    expect(fs.readdirSync(path.join(production(), 'ack-ok')).sort()).toEqual([ack, `${imported.upc}.xml`, `BatchComplete_${imported.upc}.complete`, 'resources'].sort());
    const got = await sftp([`get /production/ack-ok/${imported.upc}.xml again.xml`]);
    expect(got.code, got.output).toBe(0);
  });

  it('removes processed folders 7 days after their acknowledgements; the name then takes a new batch', async () => {
    const folders = ['ack-ok', 'ack-bad', 'ack-big'];
    const present = () => folders.filter((f) => fs.existsSync(path.join(production(), f)));
    server.moveClock(6 * DAY);
    // Several sweeps run in this time (every 300 ms): none removes a batch acknowledged 6 days ago.
    await new Promise((r) => setTimeout(r, 1500));
    expect(present()).toEqual(folders);

    server.moveClock(8 * DAY);
    await waitFor('the sweep of the processed folders', async () => present().length === 0);
    const listed = await sftp(['ls -1 /production']);
    for (const f of folders) expect(listed.output).not.toContain(f);

    // A folder whose first file is being written looks as old as the real time to the disk (the
    // kernel dates a file while it is written, the server only when it closes), 8 days before this
    // clock: the open file keeps it from the sweep, and its close dates it on the server's clock.
    const writer = await ssh2Sftp({ port: server.sftpPort, username: login.username, password: login.password });
    expect(await writer.mkdir('/production/being-written')).toBe('ok');
    const handle = await writer.open('/production/being-written/a.xml', 'w');
    if (typeof handle === 'string') throw new Error(handle);
    expect(await writer.write(handle, Buffer.from('<?xml version="1.0"?>'), 0)).toBe('ok');
    await new Promise((r) => setTimeout(r, 1500));
    expect(fs.existsSync(path.join(production(), 'being-written', 'a.xml'))).toBe(true);
    expect(await writer.close(handle)).toBe('ok');
    await new Promise((r) => setTimeout(r, 1000));
    expect(fs.existsSync(path.join(production(), 'being-written', 'a.xml'))).toBe(true);
    writer.drop();

    // The name is free again: a new batch under it is written and imported as any other.
    const again = albumFolder(local, 'ack-ok-again');
    const run = await sftp(uploadBatchCommands(again.dir, 'production', 'ack-ok'));
    expect(run.code, run.output).toBe(0);
    const xml = (await fetchAcks('ack-ok', [`ACK_${again.upc}.xml`]))[`ACK_${again.upc}.xml`];
    expect(element(xml, 'FileStatus')).toBe('FileOK');
    expect(element(xml, 'ReleaseId')).toBe(again.upc);
  });
});
