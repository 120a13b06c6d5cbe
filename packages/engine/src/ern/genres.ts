/** Genres: `GenreText`, `SubGenre`, and 4.2+ `GenreCategory/Value`, `SubGenreCategory/Value`. */
import type { OpenElement } from '../xml/events.js';
import type { Genre } from './model.js';
import { Table, type Dispatcher } from './dispatch.js';
import { locOf } from './values.js';

const GENRE = new Table<Genre>({
  GenreText: { close: (el, g) => { g.text ??= el.text; } },
  SubGenre: { close: (el, g) => { g.subGenre ??= el.text; } },
  'GenreCategory/Value': { close: (el, g) => { g.category ??= el.text; } },
  'SubGenreCategory/Value': { close: (el, g) => { g.subCategory ??= el.text; } },
});

export function openGenre(el: OpenElement, d: Dispatcher, add: (g: Genre) => void, territory?: string | null): void {
  const genre: Genre = {
    text: null,
    subGenre: null,
    category: null,
    subCategory: null,
    territory: territory !== undefined ? territory : (el.attrs.ApplicableTerritoryCode ?? null),
    loc: locOf(el, d),
  };
  d.push(el, GENRE, genre, add);
}

export function sameGenre(a: Genre, b: Genre): boolean {
  return a.text === b.text && a.subGenre === b.subGenre && a.category === b.category && a.subCategory === b.subCategory;
}
