/**
 * The ERN 3.x (3.7-3.8.2) root table: header, UpdateIndicator, resources, releases, deals and
 * purged releases, each delegated to its own scope. Paths are relative to the root element, so
 * NewReleaseMessage and PurgeReleaseMessage share it.
 */
import type { ErnMessage } from './model.js';
import { Table } from './dispatch.js';
export declare const ROOT_TABLE_3: Table<ErnMessage>;
/** Message-end work for 3.x: release kinds need every release. */
export declare function finish3(message: ErnMessage): void;
//# sourceMappingURL=reader-3.d.ts.map