/**
 * ResourceGroups, nested to any depth: each `ResourceGroupContentItem` with a
 * `ReleaseResourceReference` becomes a track entry, in document order, with the sequence numbers
 * of its enclosing groups (`groupPath`, outermost first; a group without SequenceNumber counts by
 * its position among its sibling groups). 4.x group-level `LinkedReleaseResourceReference`s (a
 * release's front cover) go to `release.linkedResourceReferences`.
 */
import type { OpenElement } from '../xml/events.js';
import type { Located, Release } from './model.js';
import { Table, type Dispatcher } from './dispatch.js';
import { located, toInt } from './values.js';
import { siblingIndexOf } from '../xml/pass-events.js';

interface Group {
  release: Release;
  parent: Group | null;
  sequence: number | null;
  index: number;
}

interface Item {
  group: Group;
  sequence: number | null;
  reference: Located | null;
  linked: string[];
}

const ITEM = new Table<Item>({
  SequenceNumber: { close: (el, i) => { i.sequence = toInt(el.text); } },
  ReleaseResourceReference: { close: (el, i) => { i.reference ??= located(el, el.text); } },
  LinkedReleaseResourceReference: { close: (el, i) => { if (el.text) i.linked.push(el.text); } },
});

const GROUP: Table<Group> = new Table<Group>({
  SequenceNumber: { close: (el, g) => { g.sequence = toInt(el.text); } },
  ResourceGroup: { open: (el, g, d) => openResourceGroup(el, d, g.release, g) },
  ResourceGroupContentItem: {
    open: (el, g, d) => d.push<Item>(el, ITEM, { group: g, sequence: null, reference: null, linked: [] }, addTrack),
  },
  LinkedReleaseResourceReference: {
    close: (el, g) => { (g.release.linkedResourceReferences ??= []).push(located(el, el.text)); },
  },
});

function addTrack(item: Item): void {
  if (!item.reference) return;
  const groupPath: number[] = [];
  for (let g: Group | null = item.group; g; g = g.parent) groupPath.unshift(g.sequence ?? g.index);
  item.group.release.tracks.push({ resourceReference: item.reference, sequence: item.sequence, groupPath, linked: item.linked });
}

export function openResourceGroup(el: OpenElement, d: Dispatcher, release: Release, parent: Group | null = null): void {
  d.push<Group>(el, GROUP, { release, parent, sequence: null, index: siblingIndexOf(el) });
}
