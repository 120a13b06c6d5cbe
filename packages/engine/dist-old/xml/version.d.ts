/**
 * ERN version detection. The root namespace decides; MessageSchemaVersionId is advisory (official
 * 3.8 samples declare "ern/382", a Sony 3.8.1 message declares "/ern/381").
 */
import type { ErnFamily, ErnVersion } from '../ern/model.js';
export declare const SUPPORTED_VERSIONS: readonly ErnVersion[];
export declare const CURRENT_VERSION: ErnVersion;
export declare const ERN_ROOTS: readonly ["NewReleaseMessage", "PurgeReleaseMessage", "CatalogListMessage"];
export declare function versionOfNamespace(ns: string): ErnVersion | null;
export declare function familyOf(version: ErnVersion): ErnFamily;
/** `ern/382`, `/ern/381`, `3.8.2` -> `3.8.2`; null when unreadable. */
export declare function versionOfDeclaredId(declared: string): string | null;
/** A human name for an ERN-looking namespace we do not support (`http://ddex.net/xml/ern/341` -> `3.4.1`). */
export declare function versionNameOfNamespace(ns: string): string | null;
//# sourceMappingURL=version.d.ts.map