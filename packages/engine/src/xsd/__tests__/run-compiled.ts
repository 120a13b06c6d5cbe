/** Runs the compiled validator on a message through the engine's real pass (`runMessagePass`). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runMessagePass } from '../../xml/pass.js';
import type { SchemaResult, SchemaSession } from '../../xml/schema-validator.js';
import type { CompiledValidator } from '../compiled-validator.js';

export async function validateWithPass(validator: CompiledValidator, version: string, bytes: Buffer | string): Promise<SchemaResult & { fatal: string | null }> {
  let session: SchemaSession | null = null;
  let reason: string | null = null;
  const pass = await runMessagePass(
    (async function* () {
      yield typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    })(),
    (root) => {
      if (!root) return { listeners: [] };
      const begun = validator.begin(version, root);
      if (typeof begun === 'string') {
        reason = begun;
        return { listeners: [] };
      }
      session = begun;
      return { listeners: begun.listener ? [begun.listener] : [] };
    },
  );
  if (pass.listenerFailures.length) throw new Error(`validator threw: ${pass.listenerFailures[0]!.error}`);
  const fatal = pass.fatal?.message ?? null;
  if (!session) return { outcome: 'skipped', issues: [], note: reason ?? fatal ?? 'no root', fatal };
  return { ...(await (session as SchemaSession).finish()), fatal };
}

export interface SampleRow {
  file: string;
  xsdSet: string;
  verdict: string;
  bytes: number;
}

/** INDEX.csv of the shared samples: file, xsd_set and libxml2's verdict. */
export function readSampleIndex(samplesDir: string): SampleRow[] {
  const lines = readFileSync(path.join(samplesDir, 'INDEX.csv'), 'utf8').trim().split('\n');
  const header = splitCsv(lines[0]!);
  const col = (name: string) => header.indexOf(name);
  return lines.slice(1).map((line) => {
    const cells = splitCsv(line);
    return { file: cells[col('file')]!, xsdSet: cells[col('xsd_set')]!, verdict: cells[col('xmllint_result')]!, bytes: Number(cells[col('bytes')]) };
  });
}

function splitCsv(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cur);
      cur = '';
    } else cur += c;
  }
  cells.push(cur);
  return cells;
}
