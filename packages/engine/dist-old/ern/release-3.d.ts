/**
 * ERN 3.x `ReleaseList/Release`. Identity, reference title, resource list, P/C lines and global
 * dates sit on the release; display data sits in `ReleaseDetailsByTerritory` blocks (RDBT), which
 * may be partial territorial overrides. Merging policy (see territory-blocks.ts): titles and genres
 * come from every block with the block's territory; artists, labels, lines, warnings, dates and
 * the track list come from the first block that has them; RDBT dates win over
 * `GlobalReleaseDate` / `GlobalOriginalReleaseDate`.
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage } from './model.js';
import { type Dispatcher } from './dispatch.js';
/** Opens a 3.x release; its kind is decided at message end (`assignReleaseKinds3`). */
export declare function openRelease3(el: OpenElement, d: Dispatcher, message: ErnMessage): void;
//# sourceMappingURL=release-3.d.ts.map