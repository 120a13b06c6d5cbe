import type { Catalog, CatalogRecording, CatalogRelease } from './types.js';
export declare class CatalogFileError extends Error {
    readonly file: string;
    constructor(message: string, file: string);
}
export declare const normalizeUpc: (upc: string) => string;
export declare const normalizeIsrc: (isrc: string) => string;
export declare class JsonCatalog implements Catalog {
    readonly memberId: string | null;
    private readonly releases;
    private readonly recordings;
    constructor(memberId: string | null, releases?: CatalogRelease[], recordings?: CatalogRecording[]);
    findRelease(upc: string): Promise<CatalogRelease | null>;
    findRecording(isrc: string): Promise<CatalogRecording | null>;
    /** Checks the shape and builds the catalog; errors name the entry at fault (`releases[3].upc`). */
    static fromValue(value: unknown, file?: string): JsonCatalog;
    static fromFile(file: string): Promise<JsonCatalog>;
}
//# sourceMappingURL=json-catalog.d.ts.map