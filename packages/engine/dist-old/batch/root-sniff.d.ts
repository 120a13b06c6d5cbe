/**
 * Finds the root element of an XML file from its first bytes only, so that a batch can tell ERN
 * messages from manifests without parsing whole files. Tolerant by design: it decodes ASCII-
 * compatible bytes as latin1 (root names and namespace URIs are ASCII), handles the UTF-8 and
 * UTF-16 byte order marks, and skips the XML declaration, comments, processing instructions and a
 * DOCTYPE (with its internal subset) without ever expanding anything.
 */
export type RootSniff = 
/** The root start tag was read: its local name and namespace URI ('' when none is declared). */
{
    status: 'root';
    name: string;
    ns: string;
}
/** The head looks like XML but the root start tag is not complete within the bytes given. */
 | {
    status: 'incomplete';
}
/** Not XML at its start: empty, binary, or text before any element. */
 | {
    status: 'not-xml';
    reason: string;
};
/** Sniffs the root element from the first bytes of a file. */
export declare function sniffRoot(bytes: Uint8Array): RootSniff;
//# sourceMappingURL=root-sniff.d.ts.map