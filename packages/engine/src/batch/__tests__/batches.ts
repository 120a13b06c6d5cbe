/** Small pieces the batch tests share: a tiny ERN message, reading an entry, temp folders. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BatchEntry } from '../types.js';

export const ern43 = (id: string) => `<?xml version="1.0" encoding="UTF-8"?>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43" AvsVersionId="7" LanguageAndScriptCode="en">
  <MessageHeader><MessageId>${id}</MessageId></MessageHeader>
</ern:NewReleaseMessage>
`;

export const echoManifest = `<?xml version="1.0" encoding="UTF-8"?>
<echo:ManifestMessage xmlns:echo="http://ddex.net/xml/2011/echo/12" MessageVersionId="1.2"><RootDirectory>b1</RootDirectory></echo:ManifestMessage>
`;

export async function readAll(entry: BatchEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await entry.open()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'batch-test-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
