/**
 * ERN 4.x resources (`ResourceList/SoundRecording|Video|Image|Text|SheetMusic|Software`). 4.1/4.2
 * keep ids, P-line and technical details on the resource; 4.3 moves them for sound recordings and
 * videos into `SoundRecordingEdition` / `VideoEdition` (whose TechnicalDetails then hold
 * `DeliveryFile`s). Both shapes are read by the same table.
 */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage, ResourceKind } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare const RESOURCE_ELEMENTS_4: Record<string, ResourceKind>;
export declare function openResource4(el: OpenElement, d: Dispatcher, kind: ResourceKind, message: ErnMessage): void;
//# sourceMappingURL=resource-4.d.ts.map