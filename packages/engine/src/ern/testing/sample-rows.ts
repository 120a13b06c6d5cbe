/** Test support: the rows of ../shared/ddex/samples/INDEX.csv (quoted CSV) this folder's sweep needs. */
import { readFileSync } from 'node:fs';
import { sample } from '../../test-support.js';

export interface SampleRow {
  file: string;
  root: string;
  xsdSet: string;
  xmllint: string;
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows.filter((r) => r.length > 1);
}

export function sampleRows(): SampleRow[] {
  const [header, ...rows] = parseCsv(readFileSync(sample('INDEX.csv'), 'utf8'));
  const col = (name: string) => header.indexOf(name);
  return rows.map((r) => ({ file: r[col('file')], root: r[col('root_element')], xsdSet: r[col('xsd_set')], xmllint: r[col('xmllint_result')] }));
}
