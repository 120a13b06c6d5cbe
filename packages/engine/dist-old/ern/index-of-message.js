function addTo(map, key, value) {
    const list = map.get(key);
    if (!list)
        map.set(key, [value]);
    else if (!list.includes(value))
        list.push(value);
}
/** Indexes built so far, per model: many rules ask at message end, the index is built once. */
const built = new WeakMap();
/** The index of a finished model (memoized: call it freely from every rule's `Message:exit`). */
export function indexMessage(m) {
    let index = built.get(m);
    if (!index)
        built.set(m, (index = buildIndex(m)));
    return index;
}
function buildIndex(m) {
    const releases = new Map();
    const resources = new Map();
    const parties = new Map();
    const byResource = new Map();
    const byRelease = new Map();
    // The first anchor wins: a duplicate anchor is a finding for a rule, not something to hide here.
    for (const r of m.releases)
        if (r.reference && !releases.has(r.reference.value))
            releases.set(r.reference.value, r);
    for (const r of m.resources)
        if (r.reference && !resources.has(r.reference.value))
            resources.set(r.reference.value, r);
    for (const p of m.parties)
        if (p.reference.value && !parties.has(p.reference.value))
            parties.set(p.reference.value, p);
    for (const r of m.releases) {
        for (const ref of r.resourceReferences)
            addTo(byResource, ref.value, r);
        for (const t of r.tracks) {
            addTo(byResource, t.resourceReference.value, r);
            for (const linked of t.linked)
                addTo(byResource, linked, r);
        }
        for (const ref of r.linkedResourceReferences ?? [])
            addTo(byResource, ref.value, r);
    }
    for (const d of m.deals)
        for (const ref of d.releaseReferences)
            addTo(byRelease, ref.value, d);
    return {
        release: (ref) => releases.get(ref),
        resource: (ref) => resources.get(ref),
        party: (ref) => parties.get(ref),
        releasesOfResource: (ref) => byResource.get(ref) ?? [],
        dealsOfRelease: (ref) => byRelease.get(ref) ?? [],
    };
}
//# sourceMappingURL=index-of-message.js.map