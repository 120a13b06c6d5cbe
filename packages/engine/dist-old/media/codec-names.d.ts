/**
 * DDEX codec names (AVS AudioCodecType, ImageCodecType, VideoCodecType) against what the file
 * turned out to be, and readable names of measured formats for messages. Unknown and
 * UserDefined declare nothing to compare.
 */
/** True or false when the declared codec can be compared, null when it says nothing (Unknown, UserDefined, unlisted). */
export declare function declaredCodecAgrees(kind: 'audio' | 'image' | 'video', declared: string | null, measured: string | null): boolean | null;
export declare function formatLabel(format: string): string;
export declare function listLabels(formats: readonly string[]): string;
//# sourceMappingURL=codec-names.d.ts.map