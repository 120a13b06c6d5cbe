export interface PreparedBytes {
    bytes: Buffer;
    /** Declared encoding that was transcoded to UTF-8, when one was. */
    transcodedFrom?: string;
}
export declare function bytesForLibxml2(bytes: Buffer): PreparedBytes;
//# sourceMappingURL=libxml2-encoding.d.ts.map