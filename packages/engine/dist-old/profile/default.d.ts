/** The documented default service profile (see README "Service profile"). */
import type { Profile } from './types.js';
export declare const DEFAULT_PROFILE: Profile;
//# sourceMappingURL=default.d.ts.map