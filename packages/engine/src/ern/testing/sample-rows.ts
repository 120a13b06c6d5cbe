/** Test support: the rows of ../shared/ddex/samples/INDEX.csv this folder's sweep needs. */
import { readSampleIndex } from '../../corpus/sample-index.js';

export interface SampleRow {
  file: string;
  root: string;
  xsdSet: string;
  xmllint: string;
}

export function sampleRows(): SampleRow[] {
  return readSampleIndex().map((r) => ({ file: r.file, root: r.root_element, xsdSet: r.xsd_set, xmllint: r.xmllint_result }));
}
