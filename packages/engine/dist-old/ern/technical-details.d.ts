/**
 * Technical details of a resource, in every shape: 3.x `<X>DetailsByTerritory/Technical<X>Details`,
 * 4.1/4.2 `TechnicalDetails`, 4.3 `SoundRecordingEdition|VideoEdition/TechnicalDetails/DeliveryFile`
 * (the same fields one level down) and 4.3 image/text `TechnicalDetails`. Video frames go to
 * `videoWidth/Height` (they are written as ImageWidth/ImageHeight); a video's audio codec is left out.
 */
import type { OpenElement } from '../xml/events.js';
import type { ResourceKind, TechnicalDetails } from './model.js';
import { type Dispatcher } from './dispatch.js';
export declare function openTechnicalDetails(el: OpenElement, d: Dispatcher, kind: ResourceKind, add: (td: TechnicalDetails) => void): void;
//# sourceMappingURL=technical-details.d.ts.map