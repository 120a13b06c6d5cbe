/**
 * libxml2's verdicts on many messages at once, for the differential test: xmllint-wasm (the
 * engine's reference implementation) with many files per call, and the native `xmllint` when it is
 * installed (much faster; one schema compile per batch).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { SchemaStore } from '../../xml/schema-store.js';

export type Verdict = 'valid' | 'invalid';

export interface Doc {
  name: string;
  text: string | Buffer;
}

export function hasNativeXmllint(): boolean {
  return spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** Reads "<file> validates" / "<file> fails to validate" lines. */
function verdictLines(output: string, nameOf: (file: string) => string | undefined, into: Map<string, Verdict>): void {
  for (const line of output.split('\n')) {
    const m = /^(.*) (validates|fails to validate)$/.exec(line);
    if (!m) continue;
    const name = nameOf(m[1]!);
    if (name !== undefined) into.set(name, m[2] === 'validates' ? 'valid' : 'invalid');
  }
}

export async function wasmVerdicts(version: string, docs: Doc[], schemasDir: string): Promise<Map<string, Verdict>> {
  const set = await new SchemaStore({ dir: schemasDir }).load(version);
  const out = new Map<string, Verdict>();
  const batches: Doc[][] = [];
  let batch: Doc[] = [];
  let bytes = 0;
  for (const doc of docs) {
    if (batch.length >= 150 || bytes > 16e6) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(doc);
    bytes += doc.text.length;
  }
  if (batch.length) batches.push(batch);
  for (const b of batches) {
    const files = b.map((doc, i) => ({ fileName: `m${i}.xml`, contents: doc.text }));
    const size = b.reduce((n, d) => n + d.text.length, 0);
    const result = await validateXML({
      xml: files,
      schema: [set.main],
      preload: set.imports,
      maxMemoryPages: Math.min(65536, 2048 + Math.ceil((size * 8) / 65536)),
    });
    verdictLines(result.rawOutput, (f) => b[Number(f.slice(1, -4))]?.name, out);
    if (result.valid) for (const doc of b) out.set(doc.name, 'valid');
  }
  return out;
}

export async function nativeVerdicts(mainFile: string, docs: Doc[], tmpDir: string): Promise<Map<string, Verdict>> {
  mkdirSync(tmpDir, { recursive: true });
  const byPath = new Map<string, string>();
  for (const [i, doc] of docs.entries()) {
    const file = path.join(tmpDir, `m${i}.xml`);
    writeFileSync(file, doc.text);
    byPath.set(file, doc.name);
  }
  const catalog = path.join(path.dirname(mainFile), 'catalog.xml');
  const env = { ...process.env, ...(existsSync(catalog) ? { XML_CATALOG_FILES: catalog } : {}) };
  const out = new Map<string, Verdict>();
  const files = [...byPath.keys()];
  for (let i = 0; i < files.length; i += 400) {
    const chunk = files.slice(i, i + 400);
    const stderr = await new Promise<string>((resolve) => {
      execFile('xmllint', ['--noout', '--nonet', '--schema', mainFile, ...chunk], { env, maxBuffer: 256 << 20 }, (_err, _stdout, err) => resolve(String(err)));
    });
    verdictLines(stderr, (f) => byPath.get(f), out);
  }
  return out;
}
