/** Every store profile ddex-check knows, by id; `profiles list` and `--stores` read this list. */
import type { StoreProfile } from './types.js';
import { SPOTIFY } from './spotify.js';
import { YOUTUBE } from './youtube.js';
import { TIKTOK } from './tiktok.js';

export const STORES: readonly StoreProfile[] = [SPOTIFY, YOUTUBE, TIKTOK];

/** Stores looked for whose delivery rules could not be sourced: no profile, said so in docs/stores.md. */
export const UNSOURCED_STORES: readonly { name: string; note: string }[] = [
  {
    name: 'Apple Music',
    note: 'Audio rates 44.1 to 192 kHz, 16 or 24 bit, no mono: no page published by Apple stating these delivery rules was found (the Apple Music Style Guide text read covers metadata; Apple Digital Masters copies were third-party mirrors; MusicKit documents playback, not delivery). No Apple profile until a source is read.',
  },
];

export function storeById(id: string): StoreProfile | undefined {
  return STORES.find((s) => s.id === id.trim().toLowerCase());
}
