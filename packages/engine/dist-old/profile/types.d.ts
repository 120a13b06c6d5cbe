/**
 * A service profile: the platform's own requirements, so that the same engine serves any store.
 * The default profile is `profile/default.ts`.
 */
export interface Profile {
    name: string;
    artwork: {
        formats: string[];
        /** Below this the artwork is an error. */
        minPixels: number;
        /** Below this (and at or above minPixels) a warning. */
        recommendedPixels: number;
        maxBytes: number;
        square: boolean;
        colorSpaces: string[];
    };
    audio: {
        /** Accepted containers/codecs, lower-case: `flac`, `wav-pcm`. */
        formats: string[];
        bitDepths: number[];
        minSampleRate: number;
        channels: number[];
        /** Tolerance between declared and measured duration, seconds. */
        durationToleranceSeconds: number;
    };
    video: {
        containers: string[];
        videoCodecs: string[];
        audioCodecs: string[];
        minWidth: number;
        minHeight: number;
        minFrameRate: number;
        maxFrameRate: number;
    };
    /** Accepted genre names (case-insensitive); empty accepts any. */
    genres: string[];
    /** Territories the service sells in (ISO codes or `Worldwide`). */
    territories: string[];
}
//# sourceMappingURL=types.d.ts.map