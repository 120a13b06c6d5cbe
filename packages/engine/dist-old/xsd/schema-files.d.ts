/** Where an XSD set is (the shape of the engine's SchemaStore locations). */
export interface XsdSetLocation {
    dir: string;
    mainFile: string;
    origin: string;
}
export interface XsdSource {
    /** Absolute path. */
    file: string;
    text: string;
}
/** Resolves an import/include location against the importing file, mapping remote URLs to local files. */
export declare function resolveSchemaLocation(fromFile: string, location: string): string | null;
/** Reads each file of a set once (imports may form cycles). */
export declare class XsdFileReader {
    readonly sources: XsdSource[];
    private readonly seen;
    read(file: string): string | null;
}
//# sourceMappingURL=schema-files.d.ts.map