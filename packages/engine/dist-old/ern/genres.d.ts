/** Genres: `GenreText`, `SubGenre`, and 4.2+ `GenreCategory/Value`, `SubGenreCategory/Value`. */
import type { OpenElement } from '../xml/events.js';
import type { Genre } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare function openGenre(el: OpenElement, d: Dispatcher, add: (g: Genre) => void, territory?: string | null): void;
export declare function sameGenre(a: Genre, b: Genre): boolean;
//# sourceMappingURL=genres.d.ts.map