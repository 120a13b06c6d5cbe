/** Reads ../shared/ddex/samples/INDEX.csv (quoted CSV) for corpus tests. Test support only. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR } from '../test-support.js';

export interface SampleRow {
  file: string;
  path: string;
  root_element: string;
  namespace: string;
  xsd_set: string;
  xmllint_result: string;
  first_errors: string;
  notes: string;
}

export const IN_SCOPE_SETS = new Set(['ern-3.7', 'ern-3.8', 'ern-3.8.1', 'ern-3.8.2', 'ern-4.1', 'ern-4.2', 'ern-4.3']);

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows.filter((r) => r.length > 1);
}

export function readSampleIndex(): SampleRow[] {
  const [header, ...rows] = parseCsv(readFileSync(path.join(SAMPLES_DIR, 'INDEX.csv'), 'utf8'));
  return rows.map((cells) => {
    const row = Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])) as unknown as SampleRow;
    row.path = path.join(SAMPLES_DIR, row.file);
    return row;
  });
}
