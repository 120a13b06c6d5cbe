import type { Profile } from '../profile/types.js';
export type PartialProfile = {
    name?: string;
    artwork?: Partial<Profile['artwork']>;
    audio?: Partial<Profile['audio']>;
    video?: Partial<Profile['video']>;
    genres?: string[];
    territories?: string[];
};
/** Arrays replace, objects merge one level deep (the profile has no deeper nesting). */
export declare function mergeProfile(partial: PartialProfile, base?: Profile): Profile;
/** `--profile FILE`: a partial profile JSON, checked against the profile schema. */
export declare function loadProfileFile(file: string, base?: Profile): Promise<Profile>;
//# sourceMappingURL=profile.d.ts.map