/**
 * Reads what xmllint prints on stderr into issues. Both spellings of libxml2 are understood:
 *   message.xml:8: element PartyName: Schemas validity error : Element 'PartyName': ...   (native xmllint)
 *   message.xml:8: Schemas validity error : Element 'PartyName': ...                      (xmllint-wasm)
 * Parser errors come with two context lines (the source line and a caret) that are dropped, and
 * warnings are left out: they never make a message invalid.
 */
export interface Libxml2Issue {
    /** Cleaned text: no file name, line or "Schemas validity error :" prefix. */
    message: string;
    line: number | null;
    /** Local name of the element the error names (`PartyName`), '' when none. */
    element: string;
    kind: 'validity' | 'parser' | 'other';
}
/** Issues about `fileName` in xmllint's stderr, in order, duplicates removed. */
export declare function parseXmllintOutput(output: string, fileName: string): Libxml2Issue[];
//# sourceMappingURL=libxml2-output.d.ts.map