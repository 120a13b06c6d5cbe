/**
 * The ERN 4.x (4.1-4.3) root table: header, PartyList, resources, releases (Release / TrackRelease /
 * ClipRelease), deals, visibility anchors and purged releases. Party names are resolved at the end.
 */
import type { ErnMessage } from './model.js';
import { Table } from './dispatch.js';
export declare const ROOT_TABLE_4: Table<ErnMessage>;
export declare function finish4(message: ErnMessage): void;
//# sourceMappingURL=reader-4.d.ts.map