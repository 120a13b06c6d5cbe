export declare class EncodingError extends Error {
    constructor(message: string);
}
/** Chooses the encoding from the first bytes of the document. */
export declare function sniffEncoding(head: Uint8Array): string;
/** A streaming decoder; throws EncodingError on bytes that are invalid in the chosen encoding. */
export declare class MessageDecoder {
    private decoder;
    encoding: string;
    write(chunk: Uint8Array): string;
    end(): string;
}
//# sourceMappingURL=decode.d.ts.map