/** Empty model records, filled by the readers as elements close. */
import type { OpenElement } from '../xml/events.js';
import type { RootInfo } from '../xml/pass.js';
import type { ErnMessage, ErnVersion, Release, Resource, ResourceKind } from './model.js';
export declare function emptyMessage(version: ErnVersion, root: RootInfo): ErnMessage;
export declare function emptyRelease(el: OpenElement, kind: Release['kind']): Release;
export declare function emptyResource(el: OpenElement, kind: ResourceKind): Resource;
//# sourceMappingURL=new-records.d.ts.map