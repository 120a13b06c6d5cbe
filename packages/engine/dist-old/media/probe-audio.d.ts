/**
 * Audio facts: music-metadata's answer combined with our own reading of the FLAC and WAV headers,
 * which covers music-metadata's known gaps: WAVE_FORMAT_EXTENSIBLE read as "non-PCM", an MP3
 * renamed `.wav` (the sniffed type picks the parser, and the mismatch is reported), and truncated
 * files (WAV data length vs file size, the FLAC last-frame check).
 */
import type { IAudioMetadata } from 'music-metadata';
import { type Sniffed } from './sniff.js';
import type { AudioFacts } from './types.js';
export interface AudioEvidence {
    path: string;
    size: number;
    sniffed: Sniffed;
    head: Buffer;
    tail: Buffer;
    metadata: IAudioMetadata | null;
    metadataError: string | null;
}
export declare function audioFactsOf(e: AudioEvidence): AudioFacts;
//# sourceMappingURL=probe-audio.d.ts.map