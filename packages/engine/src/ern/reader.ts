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
import { referenceOf, storedReferences } from './references.js';
import { RecordStore } from './record-store.js';
import { addPartyName, resolveNames } from './parties.js';
import { ownKind3 } from './release-kind.js';

export interface ErnReader {
  /** Receives the events of the pass from the root's open on. */
  readonly listener: XmlListener;
  /** Where the records of the model's lists are kept (record-store.ts). */
  readonly store: RecordStore;
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
  // The records of the lists are kept as bytes once their element closed (record-store.ts); how far each list is sealed.
  const store = new RecordStore();
  message.references = storedReferences(store);
  let releases = 0;
  let resources = 0;
  let deals = 0;
  let parties = 0;
  const names = new Map<string, string>();

  const listener: XmlListener = {
    name: 'ern-reader',
    onOpen: (el) => dispatcher.onOpen(el),
    onClose: (el) => {
      const reference = referenceOf(el);
      if (reference) message.references.push(reference);
      dispatcher.onClose(el);
      // A record of a list (Release, SoundRecording, ReleaseDeal, Party...) is complete when its element closes.
      if (el.depth === 3) {
        // Before a record is written: what it can know already (its 4.x party names, its 3.x kind), so it is written once.
        for (let i = parties; i < message.parties.length; i++) addPartyName(names, message.parties[i]);
        if (family4) {
          for (let i = releases; i < message.releases.length; i++) resolveNames(message.releases[i], names);
          for (let i = resources; i < message.resources.length; i++) resolveNames(message.resources[i], names);
        } else for (let i = releases; i < message.releases.length; i++) message.releases[i].kind = ownKind3(message.releases[i]);
        releases = store.seal(message.releases, releases);
        resources = store.seal(message.resources, resources);
        deals = store.seal(message.deals, deals);
        parties = store.seal(message.parties, parties);
      }
    },
  };

  return {
    listener,
    message,
    store,
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
