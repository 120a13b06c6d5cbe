/**
 * A mixed partner load against a set of ddex-server processes, for a bounded time: dry runs, POST
 * /ddex deliveries, direct uploads (S3 presigned PUT, then commit) and SFTP batches (OpenSSH), each
 * sent to any of the api processes given (one may be down for a while: a failed request is counted,
 * never retried blindly). It records what each door accepted, so the caller can check that every
 * accepted delivery finished exactly once. Used by the scale-out proof (test/scale-proof.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearer, type TestServer } from './server-process.js';
import { audioMessage } from './ddex-fixtures.js';
import { albumFolder, sftpBatch, uploadBatchCommands } from './sftp-client.js';

export interface Partner {
  accountId: number;
  key: string;
  sftp: { username: string; password: string };
}

export interface LoadResult {
  dryRuns: number;
  /** Deliveries accepted (202), by door, with the UPC they carry. */
  accepted: { id: number; upc: string; door: 'post' | 'upload' | 'sftp' }[];
  /** UPCs sent whose answer was lost (the process died mid-request): at most one release each. */
  unknown: string[];
  /** Requests that failed at the network (a process down). */
  networkErrors: number;
}

/** Runs `doors` in parallel loops until `until()` is true; `apis()` are the api processes to spread over. */
export async function runMixedLoad(o: {
  apis: () => TestServer[];
  partners: Partner[];
  sftpPort: () => number;
  until: () => boolean;
  /** The SFTP loop's pause between batches (ms). */
  sftpEveryMs?: number;
}): Promise<LoadResult> {
  const result: LoadResult = { dryRuns: 0, accepted: [], unknown: [], networkErrors: 0 };
  let turn = 0;
  const pick = <T>(list: T[]): T => list[turn++ % list.length];
  const api = () => pick(o.apis());
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'mixed-load-'));

  async function attempt<T>(upc: string | null, call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch {
      result.networkErrors++;
      if (upc) result.unknown.push(upc);
      return null;
    }
  }

  const dryRuns = async () => {
    while (!o.until()) {
      const partner = pick(o.partners);
      const answer = await attempt(null, async () => {
        const response = await api().fetch('/v1/ddex/validate?name=dry.xml', { method: 'POST', headers: { ...bearer(partner.key), 'content-type': 'application/xml' }, body: audioMessage().xml });
        await response.arrayBuffer();
        return response.status;
      });
      if (answer === 200) result.dryRuns++;
    }
  };

  const posts = async () => {
    while (!o.until()) {
      const partner = pick(o.partners);
      const { xml, upc } = audioMessage();
      const answer = await attempt(upc, async () => {
        const response = await api().fetch('/v1/ddex?name=post.xml', { method: 'POST', headers: { ...bearer(partner.key), 'content-type': 'application/xml' }, body: xml });
        return { status: response.status, body: await response.json() };
      });
      if (answer?.status === 202) result.accepted.push({ id: answer.body.data.id, upc, door: 'post' });
    }
  };

  const uploads = async () => {
    while (!o.until()) {
      const partner = pick(o.partners);
      const { xml, upc } = audioMessage();
      const bytes = Buffer.from(xml);
      const headers = { ...bearer(partner.key), 'content-type': 'application/json' };
      const answer = await attempt(upc, async () => {
        const started = await api().fetch('/v1/ddex/uploads', { method: 'POST', headers, body: JSON.stringify({ name: 'upload.xml', size: bytes.length }) });
        if (started.status !== 201) throw new Error(`upload start: ${started.status} ${await started.text()}`);
        const upload = (await started.json()).data;
        const put = await fetch(upload.upload.url, { method: 'PUT', body: bytes });
        if (put.status !== 200) throw new Error(`part PUT: ${put.status}`);
        // The commit goes to any api process: none holds anything of the upload but the database and the store.
        const commit = await api().fetch(`/v1/ddex/uploads/${upload.id}/commit`, { method: 'POST', headers: bearer(partner.key) });
        return { status: commit.status, body: await commit.json() };
      });
      if (answer?.status === 202) result.accepted.push({ id: answer.body.data.id, upc, door: 'upload' });
    }
  };

  let batchNo = 0;
  const sftpBatches = async () => {
    while (!o.until()) {
      const partner = pick(o.partners);
      const name = `load-${process.pid}-${batchNo++}`;
      const album = albumFolder(local, name);
      const run = await sftpBatch({ port: o.sftpPort(), user: partner.sftp.username, password: partner.sftp.password, commands: uploadBatchCommands(album.dir, 'production', name), cwd: local });
      fs.rmSync(album.dir, { recursive: true, force: true });
      if (run.code !== 0) throw new Error(`sftp batch ${name} failed: ${run.output}`);
      // The delivery id is known once the sftp process queued it; the caller finds it by batch name.
      result.accepted.push({ id: -1, upc: album.upc, door: 'sftp' });
      await new Promise((r) => setTimeout(r, o.sftpEveryMs ?? 500));
    }
  };

  try {
    await Promise.all([dryRuns(), posts(), uploads(), sftpBatches()]);
  } finally {
    fs.rmSync(local, { recursive: true, force: true });
  }
  return result;
}
