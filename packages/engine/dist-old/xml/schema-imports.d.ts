export interface SchemaFile {
    /** Path relative to the set folder, posix separators (`release-notification.xsd`, `ernv432/release-notification.xsd`). */
    fileName: string;
    contents: Buffer;
}
export interface LoadedSchemaSet {
    main: SchemaFile;
    /** Every other file the main file pulls in, transitively, in discovery order. */
    imports: SchemaFile[];
}
/** Thrown when a set cannot be read as a whole (missing import, import outside the folder). */
export declare class SchemaSetError extends Error {
    constructor(message: string);
}
/** Reads `mainFile` (absolute) and everything it pulls in, all inside `setDir`. */
export declare function readSchemaSet(setDir: string, mainFile: string): Promise<LoadedSchemaSet>;
//# sourceMappingURL=schema-imports.d.ts.map