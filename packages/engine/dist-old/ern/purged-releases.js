import { Table, focus, under } from './dispatch.js';
import { emptyReleaseIds, RELEASE_ID_RULES } from './release-ids.js';
import { leafTitle, openTitle } from './titles.js';
import { locOf } from './values.js';
const PURGED = new Table(under('ReleaseId', focus(RELEASE_ID_RULES, (p) => p.ids)), {
    Title: { open: (el, p, d) => openTitle(el, d, el.attrs.TitleType ?? null, (t) => p.titles.push(t)) },
    DisplayTitle: { open: (el, p, d) => openTitle(el, d, 'DisplayTitle', (t) => p.titles.push(t)) },
    DisplayTitleText: { close: (el, p) => { p.titles.push(leafTitle(el)); } },
});
export function openPurgedRelease(el, d, message) {
    const purged = { ids: emptyReleaseIds(), titles: [], loc: locOf(el) };
    message.purgedReleases.push(purged);
    d.push(el, PURGED, purged);
}
//# sourceMappingURL=purged-releases.js.map