/**
 * What the engine asks of a catalog: who owns a UPC or an ISRC, and whether the release is live.
 * The CLI reads a JSON export (`--catalog FILE`); the server plugs its database in.
 */
export {};
//# sourceMappingURL=types.js.map