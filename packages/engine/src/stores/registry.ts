/** Every store profile ddex-check knows, by id; `profiles list` and `--stores` read this list. */
import type { StoreProfile } from './types.js';
import { SPOTIFY } from './spotify.js';
import { YOUTUBE } from './youtube.js';

export const STORES: readonly StoreProfile[] = [SPOTIFY, YOUTUBE];

export function storeById(id: string): StoreProfile | undefined {
  return STORES.find((s) => s.id === id.trim().toLowerCase());
}
