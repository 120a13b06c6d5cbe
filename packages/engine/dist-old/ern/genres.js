import { Table } from './dispatch.js';
import { locOf } from './values.js';
const GENRE = new Table({
    GenreText: { close: (el, g) => { g.text ??= el.text; } },
    SubGenre: { close: (el, g) => { g.subGenre ??= el.text; } },
    'GenreCategory/Value': { close: (el, g) => { g.category ??= el.text; } },
    'SubGenreCategory/Value': { close: (el, g) => { g.subCategory ??= el.text; } },
});
export function openGenre(el, d, add, territory) {
    const genre = {
        text: null,
        subGenre: null,
        category: null,
        subCategory: null,
        territory: territory !== undefined ? territory : (el.attrs.ApplicableTerritoryCode ?? null),
        loc: locOf(el),
    };
    d.push(el, GENRE, genre, add);
}
export function sameGenre(a, b) {
    return a.text === b.text && a.subGenre === b.subGenre && a.category === b.category && a.subCategory === b.subCategory;
}
//# sourceMappingURL=genres.js.map