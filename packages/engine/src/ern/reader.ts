/**
 * The ERN reader: one XmlListener of the streaming pass that fills the normalized model
 * (`ErnMessage`) for ERN 3.x or 4.x. It keeps only the model and a small stack of open scopes;
 * `finish()` does the message-end work (3.x release kinds, 4.x party names) and may be called
 * more than once.
 */
import type { XmlListener } from '../xml/events.js';
import type { RootInfo } from '../xml/pass.js';
import type { ErnMessage, ErnVersion } from './model.js';
import { Dispatcher } from './dispatch.js';
import { emptyMessage } from './new-records.js';
import { finish3, ROOT_TABLE_3 } from './reader-3.js';
import { finish4, ROOT_TABLE_4 } from './reader-4.js';
import { referenceOf } from './references.js';
import { compactNew, type SharedLists } from './compact.js';

export interface ErnReader {
  /** Receives the events of the pass from the root's open on. */
  readonly listener: XmlListener;
  /** The model, filled while streaming (complete after finish()). */
  readonly message: ErnMessage;
  /** Called after the pass ended: resolves 4.x party names, decides 3.x release kinds. */
  finish(): ErnMessage;
}

export function createErnReader(init: { version: ErnVersion; root: RootInfo }): ErnReader {
  const message = emptyMessage(init.version, init.root);
  const family4 = message.family === '4';
  const dispatcher = new Dispatcher(init.root.name.length + 1, family4 ? ROOT_TABLE_4 : ROOT_TABLE_3, message);
  let finished = false;
  // How far each list of records has been compacted (see compact.ts).
  let releases = 0;
  let resources = 0;
  let deals = 0;
  let parties = 0;
  const shared: SharedLists = new Map();

  const listener: XmlListener = {
    name: 'ern-reader',
    onOpen: (el) => dispatcher.onOpen(el),
    onClose: (el) => {
      const reference = referenceOf(el);
      if (reference) message.references.push(reference);
      dispatcher.onClose(el);
      // A record of a list (Release, SoundRecording, ReleaseDeal, Party...) is complete when its element closes.
      if (el.depth === 3) {
        releases = compactNew(message.releases, releases, shared);
        resources = compactNew(message.resources, resources, shared);
        deals = compactNew(message.deals, deals, shared);
        parties = compactNew(message.parties, parties, shared);
      }
    },
  };

  return {
    listener,
    message,
    finish() {
      if (!finished) {
        finished = true;
        if (family4) finish4(message);
        else finish3(message);
      }
      return message;
    },
  };
}
