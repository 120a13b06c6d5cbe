/** The UPCs a message asks the catalog about: every release that is a product (not a track or clip release). */
import type { Catalog, CatalogRelease } from './types.js';
import type { ErnMessage, Located } from '../ern/model.js';
export interface ReleaseUpc {
    reference: string | null;
    upc: Located;
}
export declare function productUpcs(message: ErnMessage): ReleaseUpc[];
export interface CatalogMatch extends ReleaseUpc {
    found: CatalogRelease;
    /** The release is already the member's own (an update). */
    own: boolean;
}
/** The message's product UPCs that the catalog knows; none without a catalog or a member to compare with. */
export declare function catalogMatches(message: ErnMessage, catalog: Catalog | null): Promise<CatalogMatch[]>;
//# sourceMappingURL=release-upcs.d.ts.map