export function productUpcs(message) {
    const out = [];
    for (const release of message.releases) {
        if (release.kind === 'track' || release.kind === 'clip' || !release.ids.icpn || release.ids.icpn.value.trim() === '')
            continue;
        out.push({ reference: release.reference?.value ?? null, upc: release.ids.icpn });
    }
    return out;
}
/** Lookups per message: several rules ask about the same UPCs, the catalog (a database on the server) is asked once. */
const asked = new WeakMap();
/** The message's product UPCs that the catalog knows; none without a catalog or a member to compare with. */
export function catalogMatches(message, catalog) {
    if (!catalog || catalog.memberId === null)
        return Promise.resolve([]);
    let matches = asked.get(message);
    if (!matches) {
        matches = (async () => {
            const out = [];
            for (const entry of productUpcs(message)) {
                const found = await catalog.findRelease(entry.upc.value.trim());
                if (found)
                    out.push({ ...entry, found, own: found.memberId === catalog.memberId });
            }
            return out;
        })();
        asked.set(message, matches);
    }
    return matches;
}
//# sourceMappingURL=release-upcs.js.map