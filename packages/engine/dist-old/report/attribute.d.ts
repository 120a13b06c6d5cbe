/**
 * Gives checks that were located by path only (schema errors, engine findings) the release and
 * resource they sit in. A release or resource is a direct child of ReleaseList / ResourceList, so
 * the first three steps of a check's path name it: one map lookup per check.
 */
import type { ErnMessage } from '../ern/model.js';
import type { Check } from './types.js';
export declare function attributeByPath(checks: Check[], message: ErnMessage, file: string): void;
//# sourceMappingURL=attribute.d.ts.map