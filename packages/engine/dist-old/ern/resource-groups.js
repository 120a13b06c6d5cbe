import { Table } from './dispatch.js';
import { located, siblingIndex, toInt } from './values.js';
const ITEM = new Table({
    SequenceNumber: { close: (el, i) => { i.sequence = toInt(el.text); } },
    ReleaseResourceReference: { close: (el, i) => { i.reference ??= located(el, el.text); } },
    LinkedReleaseResourceReference: { close: (el, i) => { if (el.text)
            i.linked.push(el.text); } },
});
const GROUP = new Table({
    SequenceNumber: { close: (el, g) => { g.sequence = toInt(el.text); } },
    ResourceGroup: { open: (el, g, d) => openResourceGroup(el, d, g.release, g) },
    ResourceGroupContentItem: {
        open: (el, g, d) => d.push(el, ITEM, { group: g, sequence: null, reference: null, linked: [] }, addTrack),
    },
    LinkedReleaseResourceReference: {
        close: (el, g) => { (g.release.linkedResourceReferences ??= []).push(located(el, el.text)); },
    },
});
function addTrack(item) {
    if (!item.reference)
        return;
    const groupPath = [];
    for (let g = item.group; g; g = g.parent)
        groupPath.unshift(g.sequence ?? g.index);
    item.group.release.tracks.push({ resourceReference: item.reference, sequence: item.sequence, groupPath, linked: item.linked });
}
export function openResourceGroup(el, d, release, parent = null) {
    d.push(el, GROUP, { release, parent, sequence: null, index: siblingIndex(el.path) });
}
//# sourceMappingURL=resource-groups.js.map