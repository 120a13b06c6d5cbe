/** `PurgeReleaseMessage/PurgedRelease` (3.8+ and 4.x): the identifiers and titles of the release to remove. */
import type { OpenElement } from '../xml/events.js';
import type { ErnMessage } from './model.js';
import { Table, focus, under, type Dispatcher } from './dispatch.js';
import { emptyReleaseIds, RELEASE_ID_RULES } from './release-ids.js';
import { leafTitle, openTitle } from './titles.js';
import { locOf } from './values.js';

type Purged = ErnMessage['purgedReleases'][number];

const PURGED = new Table<Purged>(under('ReleaseId', focus(RELEASE_ID_RULES, (p: Purged) => p.ids)), {
  Title: { open: (el, p, d) => openTitle(el, d, el.attrs.TitleType ?? null, (t) => p.titles.push(t)) },
  DisplayTitle: { open: (el, p, d) => openTitle(el, d, 'DisplayTitle', (t) => p.titles.push(t)) },
  DisplayTitleText: { close: (el, p) => { p.titles.push(leafTitle(el)); } },
});

export function openPurgedRelease(el: OpenElement, d: Dispatcher, message: ErnMessage): void {
  const purged: Purged = { ids: emptyReleaseIds(), titles: [], loc: locOf(el, d) };
  message.purgedReleases.push(purged);
  d.push(el, PURGED, purged);
}
