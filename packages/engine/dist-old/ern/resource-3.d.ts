/**
 * ERN 3.x resources (`ResourceList/SoundRecording|MIDI|Video|Image|Text|SheetMusic|Software|
 * UserDefinedResource`). Each kind names its children after itself (`SoundRecordingType`,
 * `SoundRecordingId/ISRC`, `SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails`), so
 * one table is built per kind from the same rules. Territory blocks merge as for releases
 * (territory-blocks.ts).
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, ResourceKind } from './model.js';
import { type Dispatcher } from './dispatch.js';
/** Element name under ResourceList -> kind. */
export declare const RESOURCE_ELEMENTS_3: Record<string, ResourceKind>;
export declare function openResource3(el: OpenElement, d: Dispatcher, kind: ResourceKind, message: ErnMessage): void;
//# sourceMappingURL=resource-3.d.ts.map