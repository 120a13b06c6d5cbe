/**
 * Service profiles from JSON: a partial profile (config `profile` key or `--profile FILE`) is
 * merged key by key over the default profile, so a platform states only what differs.
 */
import { DEFAULT_PROFILE } from '../profile/default.js';
import { readJsonFile } from './json-file.js';
import { PROFILE_SCHEMA } from './schema.js';
import { checkAgainst } from './check-schema.js';
/** Arrays replace, objects merge one level deep (the profile has no deeper nesting). */
export function mergeProfile(partial, base = DEFAULT_PROFILE) {
    return {
        name: partial.name ?? base.name,
        artwork: { ...base.artwork, ...partial.artwork },
        audio: { ...base.audio, ...partial.audio },
        video: { ...base.video, ...partial.video },
        genres: partial.genres ?? base.genres,
        territories: partial.territories ?? base.territories,
    };
}
/** `--profile FILE`: a partial profile JSON, checked against the profile schema. */
export async function loadProfileFile(file, base = DEFAULT_PROFILE) {
    const value = await readJsonFile(file, 'profile file');
    checkAgainst('profile', PROFILE_SCHEMA, value, file, '');
    return mergeProfile(value, base);
}
//# sourceMappingURL=profile.js.map