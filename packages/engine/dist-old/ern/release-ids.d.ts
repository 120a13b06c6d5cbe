/**
 * Release identifiers (`ReleaseId`), shared by releases and purged releases: ICPN (+3.x `@IsEan`),
 * GRid, ISRC (3.x, 4.1), CatalogNumber, ProprietaryId with `@Namespace`. The first of each wins.
 */
import type { ReleaseIds } from './model.js';
import type { Rules } from './dispatch.js';
export declare function emptyReleaseIds(): ReleaseIds;
export declare const RELEASE_ID_RULES: Rules<ReleaseIds>;
//# sourceMappingURL=release-ids.d.ts.map