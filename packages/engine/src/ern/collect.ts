/** Adders that skip repeats: 3.x repeats a release's artists, genres and lines in every territory block. */
import type { ArtistRef, Genre, PcLine } from './model.js';
import { sameArtist } from './artists.js';
import { sameGenre } from './genres.js';
import { samePcLine } from './pc-lines.js';

export function addArtist(list: ArtistRef[], a: ArtistRef): void {
  if (!list.some((b) => sameArtist(a, b))) list.push(a);
}

export function addGenre(list: Genre[], g: Genre): void {
  if (!list.some((b) => sameGenre(g, b))) list.push(g);
}

export function addPcLine(list: PcLine[], l: PcLine): void {
  if (!list.some((b) => samePcLine(l, b))) list.push(l);
}
