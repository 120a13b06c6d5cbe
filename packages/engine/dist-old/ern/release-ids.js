import { located, toBool } from './values.js';
export function emptyReleaseIds() {
    return { icpn: null, icpnIsEan: null, grid: null, isrc: null, catalogNumber: null, proprietary: [] };
}
export const RELEASE_ID_RULES = {
    ICPN: {
        close: (el, ids) => {
            if (ids.icpn)
                return;
            ids.icpn = located(el, el.text);
            ids.icpnIsEan = toBool(el.attrs.IsEan);
        },
    },
    GRid: { close: (el, ids) => { ids.grid ??= located(el, el.text); } },
    ISRC: { close: (el, ids) => { ids.isrc ??= located(el, el.text); } },
    CatalogNumber: { close: (el, ids) => { ids.catalogNumber ??= located(el, el.text); } },
    ProprietaryId: { close: (el, ids) => { ids.proprietary.push({ namespace: el.attrs.Namespace ?? null, value: el.text }); } },
};
//# sourceMappingURL=release-ids.js.map