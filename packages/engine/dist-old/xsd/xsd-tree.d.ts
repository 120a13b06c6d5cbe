export declare const XS_NS = "http://www.w3.org/2001/XMLSchema";
export interface XsdNode {
    /** Local name of the schema element: `complexType`, `sequence`, `element`... */
    kind: string;
    attrs: Record<string, string>;
    children: XsdNode[];
    /** Line in its file, for compile errors. */
    line: number;
    file: string;
}
/** `{ns}local`, or `local` when in no namespace. */
export declare const expandedName: (ns: string, local: string) => string;
export declare function parseXsd(text: string, file: string): XsdNode;
//# sourceMappingURL=xsd-tree.d.ts.map