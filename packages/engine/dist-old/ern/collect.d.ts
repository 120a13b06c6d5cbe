/** Adders that skip repeats: 3.x repeats a release's artists, genres and lines in every territory block. */
import type { ArtistRef, Genre, PcLine } from './model.js';
export declare function addArtist(list: ArtistRef[], a: ArtistRef): void;
export declare function addGenre(list: Genre[], g: Genre): void;
export declare function addPcLine(list: PcLine[], l: PcLine): void;
//# sourceMappingURL=collect.d.ts.map