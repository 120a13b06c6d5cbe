/**
 * The media libraries are loaded on first use, not when the engine is imported: sharp (libvips)
 * and music-metadata take about 130 ms to load, which a run without media (`media: false`, a
 * lone XML message, the server's validate-only calls) should not pay. A run that will inspect
 * media starts loading them as the batch opens, while the messages are read.
 */
let sharp: Promise<typeof import('sharp')> | null = null;
let musicMetadata: Promise<typeof import('music-metadata')> | null = null;

export const loadSharp = () => (sharp ??= import('sharp'));
export const loadMusicMetadata = () => (musicMetadata ??= import('music-metadata'));

/** Starts loading both; a failure surfaces where the library is used (as a located media finding). */
export function preloadMediaLibraries(): void {
  loadSharp().catch(() => {});
  loadMusicMetadata().catch(() => {});
}
