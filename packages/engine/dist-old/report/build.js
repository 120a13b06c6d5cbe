import { verdictOf } from './verdict.js';
import { indexMessage } from '../ern/index-of-message.js';
/** Releases that become catalog entries: the main/other releases, not per-track or clip releases. */
export function isCatalogRelease(release) {
    return release.kind === 'main' || release.kind === 'other';
}
export function buildReport({ source, checks, messages, engine }) {
    const releases = [];
    const wouldCreate = { releases: [], recordings: [], artists: [] };
    const artists = new Map();
    const byFile = new Map();
    for (const check of checks) {
        const list = byFile.get(check.file);
        if (list)
            list.push(check);
        else
            byFile.set(check.file, [check]);
    }
    for (const read of messages) {
        const m = read.message;
        if (!m)
            continue;
        // Each message judges its own releases: references like R0 repeat across the messages of a batch.
        const mine = byFile.get(read.file) ?? [];
        const messageLevelError = read.summary.rejected || mine.some((c) => c.status === 'error' && c.release === null && !c.resource);
        const attributed = attributeChecks(mine, m);
        const recorded = new Set();
        for (const release of m.releases) {
            if (!isCatalogRelease(release))
                continue;
            const reference = release.reference?.value ?? '';
            const own = attributed.get(reference) ?? [];
            const errors = own.filter((c) => c.status === 'error').length;
            const warnings = own.filter((c) => c.status === 'warning').length;
            const staff = own.some((c) => c.needs_staff && c.status !== 'pass');
            const outcome = messageLevelError || errors > 0 ? 'left_out' : staff ? 'flagged' : read.updates.has(reference) ? 'updated' : 'created';
            const title = titleOf(release);
            const upc = release.ids.icpn?.value ?? null;
            releases.push({ file: read.file, reference, title, upc, kind: release.kind, outcome, errors, warnings });
            if (outcome !== 'created' && outcome !== 'updated')
                continue;
            wouldCreate.releases.push({ file: read.file, reference, title, upc, outcome });
            for (const name of release.displayArtists.map((a) => a.name).concat(release.displayArtistNames)) {
                if (name && !artists.has(name))
                    artists.set(name, { name, reference: release.displayArtists.find((a) => a.name === name)?.partyReference ?? null });
            }
            const inRelease = new Set(release.tracks.map((t) => t.resourceReference.value).concat(release.resourceReferences.map((r) => r.value)));
            for (const resource of m.resources) {
                if (resource.kind !== 'SoundRecording' || !resource.reference || !inRelease.has(resource.reference.value))
                    continue;
                if (recorded.has(resource.reference.value))
                    continue;
                recorded.add(resource.reference.value);
                wouldCreate.recordings.push({ file: read.file, release: reference, reference: resource.reference.value, title: resource.titles[0]?.text ?? null, isrc: resource.isrc?.value ?? null });
            }
        }
    }
    wouldCreate.artists = [...artists.values()];
    const versions = new Set(messages.map((m) => m.summary.ern_version).filter((v) => Boolean(v)));
    return {
        source,
        ern_version: versions.size === 0 ? null : versions.size === 1 ? [...versions][0] : 'mixed',
        verdict: verdictOf(checks),
        summary: {
            messages: messages.length,
            releases: releases.length,
            pass: checks.filter((c) => c.status === 'pass').length,
            warnings: checks.filter((c) => c.status === 'warning').length,
            errors: checks.filter((c) => c.status === 'error').length,
            skipped: checks.filter((c) => c.status === 'skipped').length,
            needs_staff: checks.filter((c) => c.needs_staff && c.status !== 'pass').length,
        },
        checks,
        messages: messages.map((m) => m.summary),
        releases,
        would_create: wouldCreate,
        engine,
    };
}
/**
 * Maps checks to the catalog releases they affect: a check on a track or clip release, or on a
 * resource, counts against every catalog release that holds the same resource.
 */
function attributeChecks(checks, m) {
    const byRelease = new Map();
    const add = (ref, check) => {
        const list = byRelease.get(ref);
        if (list)
            list.push(check);
        else
            byRelease.set(ref, [check]);
    };
    const index = indexMessage(m);
    const holders = (resourceRef) => index.releasesOfResource(resourceRef).filter(isCatalogRelease);
    const byRef = new Map(m.releases.map((r) => [r.reference?.value ?? '', r]));
    for (const check of checks) {
        if (check.status === 'pass')
            continue;
        const targets = new Set();
        if (check.release) {
            const release = byRef.get(check.release);
            if (release && !isCatalogRelease(release)) {
                for (const r of release.resourceReferences)
                    for (const holder of holders(r.value))
                        targets.add(holder.reference?.value ?? '');
            }
            else
                targets.add(check.release);
        }
        else if (check.resource) {
            for (const holder of holders(check.resource))
                targets.add(holder.reference?.value ?? '');
        }
        for (const ref of targets)
            add(ref, check);
    }
    return byRelease;
}
function titleOf(release) {
    return release.titles.find((t) => t.type === 'DisplayTitleText' || t.type === 'DisplayTitle')?.text ?? release.titles[0]?.text ?? null;
}
//# sourceMappingURL=build.js.map