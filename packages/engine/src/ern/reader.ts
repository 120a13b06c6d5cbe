/**
 * The ERN reader: one XmlListener of the streaming pass that fills the normalized model
 * (`ErnMessage`) for ERN 3.x or 4.x. It keeps only the model and a small stack of open scopes;
 * `finish()` does the message-end work (3.x release kinds, 4.x party names) and may be called
 * more than once.
 */
import type { XmlListener } from '../xml/events.js';
import type { RootInfo } from '../xml/pass-types.js';
import type { Deal, ErnMessage, ErnVersion, Release, Resource, TrackEntry } from './model.js';
import { Dispatcher } from './dispatch.js';
import { LocTable } from '../xml/loc-table.js';
import { emptyMessage } from './new-records.js';
import { finish3, ROOT_TABLE_3 } from './reader-3.js';
import { finish4, ROOT_TABLE_4 } from './reader-4.js';
import { referenceOf, storedReferences, targetOf } from './references.js';
import { RecordStore } from './record-store.js';
import { RecordList } from './record-list.js';
import { keptList } from './stored-list.js';
import { compactNew, type SharedLists } from './compact.js';
import { addPartyName, resolveNames } from './parties.js';
import { ownKind3 } from './release-kind.js';
import { MapIndexBuilder, TypedIndexBuilder, adoptIndex } from './index-of-message.js';
import { ReferenceColumns } from './reference-columns.js';

export interface ErnReader {
  /** Receives the events of the pass from the root's open on. */
  readonly listener: XmlListener;
  /** The model, filled while streaming (complete after finish()). */
  readonly message: ErnMessage;
  /** Called after the pass ended: resolves 4.x party names, decides 3.x release kinds. */
  finish(): ErnMessage;
}

/**
 * Messages from this size on keep their records as bytes. As objects a model takes 4 to 6.5 bytes
 * of memory per byte of XML, by its shape: a generated 4.3 catalog of 104 MB peaked at 388 MiB,
 * a 3.8.2 message of 148 MB whose deals list many territories (a FUGA delivery, repeated) at 956
 * MiB. As bytes they peaked at 181 and 175 MiB, for 5% and 15% more time (the CLI, five paired runs
 * each, in an earlier engine). Was 64 MiB until the session of 2026-11-27 from 21:39 UTC: between 32
 * and 64 MiB the bytes now take as long as objects (median of five paired CLI runs, JSON report:
 * 34 MB 0.92 against 0.98 s, a 41 MB message with 34,170 findings 1.23 against 1.23 s, the FUGA
 * shape at 47 MB 1.25 against 1.18 s on Node 20; 0.86 / 1.20 / 1.08 against 0.87 / 1.21 / 1.14 s on
 * Node 24) for about half the memory (149 / 196 / 157 against 219 / 287 / 242 MiB on Node 20, 177
 * / 274 / 218 against 334 / 420 / 374 MiB on Node 24). At 24 MB objects were still the faster
 * (0.83 against 0.86 s).
 */
export const RECORD_STORE_MIN_BYTES = 32 * 1024 * 1024;

/** True when a message of `bytes` (undefined: unknown, a stream) should keep its records as bytes. */
export function wantsRecordStore(bytes: number | undefined): boolean {
  return bytes === undefined || bytes >= RECORD_STORE_MIN_BYTES;
}

/** Pages of a model kept in memory once its rules are done (`settleModel`). */
const SETTLED_PAGES = 2;

/**
 * Lets go of the pages of a model kept as bytes that stay in memory (records, locations, paths)
 * beyond a few, once its rules are done: its report reads the lists in order, and a batch keeps
 * every message's model until its report (about 16 MB each beyond the message's pages, at 1 GB,
 * while the report's recordings are made: the run's peak).
 */
export function settleModel(message: ErnMessage): void {
  if (message.releases instanceof RecordList) message.releases.shrink(SETTLED_PAGES);
  if (message.locations instanceof LocTable) message.locations.shrink(SETTLED_PAGES);
}

/** Tracks a release holds as objects before they go to a list of their own kept as bytes. */
const LONG_TRACK_LIST = 1000;

function storeLongTracks(release: Release | undefined): void {
  const tracks = release?.tracks;
  if (!Array.isArray(tracks) || tracks.length < LONG_TRACK_LIST) return;
  const list = keptList<TrackEntry>();
  for (const t of tracks) list.push(t);
  release!.tracks = list;
}

/**
 * `store`: keep the records of the lists as bytes (default true; `validate` decides by size, see
 * `wantsRecordStore`). `onResource`, `onRelease`, `onDeal`: called as each resource, release or
 * deal record is complete, with the record as objects and its number (the rules' functions).
 */
export function createErnReader(init: {
  version: ErnVersion;
  root: RootInfo;
  store?: boolean;
  onResource?: (resource: Resource, n: number) => void;
  onRelease?: (release: Release, n: number) => void;
  onDeal?: (deal: Deal, n: number) => void;
}): ErnReader {
  const locations = new LocTable();
  const message = emptyMessage(init.version, init.root, locations);
  const family4 = message.family === '4';
  const dispatcher = new Dispatcher(init.root.name.length + 1, family4 ? ROOT_TABLE_4 : ROOT_TABLE_3, message, locations);
  let finished = false;
  // The records of the lists are kept as bytes once their element closed (record-store.ts); how far each list is sealed.
  const store = init.store === false ? null : new RecordStore('records', locations);
  // In a store of their own: a list read in order is written without an address per item (record-store.ts); as objects, in columns (reference-columns.ts).
  if (store) message.unresolvedReferences = storedReferences();
  else message.unresolvedReferences = new ReferenceColumns();
  const lists = store ? [(message.releases = new RecordList(store)), (message.resources = new RecordList(store)), (message.deals = new RecordList(store)), (message.parties = new RecordList(store))] : [];
  // How far each list is compacted (kept as objects).
  let releases = 0;
  let resources = 0;
  let deals = 0;
  let parties = 0;
  const names = new Map<string, string>();
  // A record resolved as it closed still names a party without a name: the end resolves again (`finish4`).
  let unnamed = false;
  const shared: SharedLists = new Map();
  // The index of the message is filled as records close (index-of-message.ts): kept as bytes, from each record before it is written.
  // Let go once handed to the message (`finish`): the report lets go of it before it lists the recordings.
  let index: TypedIndexBuilder | MapIndexBuilder | null = store ? new TypedIndexBuilder(message) : new MapIndexBuilder(message);

  const listener: XmlListener = {
    name: 'ern-reader',
    onOpen: (el) => dispatcher.onOpen(el),
    onClose: (el) => {
      // A reference that a record closed before it declares is resolved here: only the others are kept (ErnMessage.unresolvedReferences).
      const target = targetOf(el.name);
      if (target !== null && !index!.resolves(target, el.text)) message.unresolvedReferences.push(referenceOf(el)!);
      dispatcher.onClose(el);
      // A long track list (every track of a catalog in one album) goes to bytes as it grows, not when its release closes.
      if (store && el.name === 'ResourceGroupContentItem') storeLongTracks(message.releases.at(-1));
      // A record of a list (Release, SoundRecording, ReleaseDeal, Party...) is complete when its element closes.
      if (el.depth === 3) {
        // Before a record is written: what it can know already (its 4.x party names, its 3.x kind), so it is written once.
        for (let i = parties; i < message.parties.length; i++) addPartyName(names, message.parties.at(i)!);
        if (family4) {
          for (let i = releases; i < message.releases.length; i++) if (resolveNames(message.releases.at(i)!, names)) unnamed = true;
          for (let i = resources; i < message.resources.length; i++) if (resolveNames(message.resources.at(i)!, names)) unnamed = true;
        } else
          for (let i = releases; i < message.releases.length; i++) {
            const release = message.releases.at(i)!;
            release.kind = ownKind3(release);
          }
        const { onResource, onRelease, onDeal } = init;
        if (onResource) for (let i = resources; i < message.resources.length; i++) onResource(message.resources.at(i)!, i);
        if (onRelease) for (let i = releases; i < message.releases.length; i++) onRelease(message.releases.at(i)!, i);
        if (onDeal) for (let i = deals; i < message.deals.length; i++) onDeal(message.deals.at(i)!, i);
        if (store) {
          index!.add();
          for (const list of lists) list.seal();
        } else {
          compactNew(message.releases as unknown[], releases, shared);
          compactNew(message.resources as unknown[], resources, shared);
          compactNew(message.deals as unknown[], deals, shared);
          compactNew(message.parties as unknown[], parties, shared);
          index!.add();
        }
        releases = message.releases.length;
        resources = message.resources.length;
        deals = message.deals.length;
        parties = message.parties.length;
      }
    },
  };

  return {
    listener,
    message,
    finish() {
      if (!finished) {
        finished = true;
        // Records the pass left open (it stopped inside their list) were never resolved.
        if (family4) finish4(message, unnamed || releases < message.releases.length || resources < message.resources.length);
        else finish3(message);
        adoptIndex(message, index!);
        index = null;
      }
      return message;
    },
  };
}
