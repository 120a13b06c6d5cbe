/**
 * Test support: runs the real streaming pass with only the ERN reader on a sample file or an XML
 * string and returns the finished model. Patch-level namespaces (`ern/411`, `ern/371`) that the
 * engine does not map are read as their minor version, so the official 4.1.1 samples can be used.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { runMessagePass, type PassResult } from '../../xml/pass.js';
import { versionOfNamespace } from '../../xml/version.js';
import { sample } from '../../test-support.js';
import type { ErnMessage, ErnVersion } from '../model.js';
import { createErnReader, type ErnReader } from '../reader.js';

const PATCH_NAMESPACES: Record<string, ErnVersion> = {
  'http://ddex.net/xml/ern/371': '3.7',
  'http://ddex.net/xml/ern/411': '4.1',
};

export interface ReadOutcome {
  message: ErnMessage;
  pass: PassResult;
}

async function read(source: AsyncIterable<Buffer | string>, version?: ErnVersion, store = true): Promise<ReadOutcome> {
  let reader: ErnReader | null = null;
  const pass = await runMessagePass(source, (root) => {
    if (!root) return { listeners: [] };
    const v = version ?? versionOfNamespace(root.ns) ?? PATCH_NAMESPACES[root.ns];
    if (!v) throw new Error(`not an ERN 3.7-4.3 namespace: ${root.ns}`);
    reader = createErnReader({ version: v, root, store });
    return { listeners: [reader.listener] };
  });
  if (!reader) throw new Error(`no root element (${pass.fatal?.message ?? 'unknown'})`);
  return { message: (reader as ErnReader).finish(), pass };
}

/** Reads a sample by its path under the shared samples folder (or an absolute path); `store` false keeps the records as objects. */
export function readSample(file: string, version?: ErnVersion, store = true): Promise<ReadOutcome> {
  return read(createReadStream(path.isAbsolute(file) ? file : sample(file)), version, store);
}

/** Reads an XML string, fed in small chunks to exercise chunk boundaries; `store` false keeps the records as objects. */
export function readXml(xml: string, version?: ErnVersion, store = true): Promise<ReadOutcome> {
  const buffer = Buffer.from(xml);
  const chunks: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += 64) chunks.push(buffer.subarray(i, i + 64));
  return read(Readable.from(chunks), version, store);
}
