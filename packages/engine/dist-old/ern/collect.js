import { sameArtist } from './artists.js';
import { sameGenre } from './genres.js';
import { samePcLine } from './pc-lines.js';
export function addArtist(list, a) {
    if (!list.some((b) => sameArtist(a, b)))
        list.push(a);
}
export function addGenre(list, g) {
    if (!list.some((b) => sameGenre(g, b)))
        list.push(g);
}
export function addPcLine(list, l) {
    if (!list.some((b) => samePcLine(l, b)))
        list.push(l);
}
//# sourceMappingURL=collect.js.map