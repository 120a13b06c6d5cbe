/**
 * The ERN reader: one XmlListener of the streaming pass that fills the normalized model
 * (`ErnMessage`) for ERN 3.x or 4.x. It keeps only the model and a small stack of open scopes;
 * `finish()` does the message-end work (3.x release kinds, 4.x party names) and may be called
 * more than once.
 */
import type { XmlListener } from '../xml/events.js';
import type { RootInfo } from '../xml/pass.js';
import type { ErnMessage, ErnVersion } from './model.js';
export interface ErnReader {
    /** Receives the events of the pass from the root's open on. */
    readonly listener: XmlListener;
    /** The model, filled while streaming (complete after finish()). */
    readonly message: ErnMessage;
    /** Called after the pass ended: resolves 4.x party names, decides 3.x release kinds. */
    finish(): ErnMessage;
}
export declare function createErnReader(init: {
    version: ErnVersion;
    root: RootInfo;
}): ErnReader;
//# sourceMappingURL=reader.d.ts.map