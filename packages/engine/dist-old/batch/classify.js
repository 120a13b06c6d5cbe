/**
 * Picks the ERN messages, the manifests and the completion marker out of a batch's files, from
 * names and from the root element of each `.xml` (read from its first few KB only).
 *
 * An `.xml` whose start cannot be read as XML (empty, binary, text) is still listed as a message:
 * a delivery's XML that cannot be read must be reported, not silently ignored.
 */
import { sniffRoot } from './root-sniff.js';
/** Root element names of the ERN messages, whatever their namespace (the engine checks the version). */
const MESSAGE_ROOTS = new Set(['NewReleaseMessage', 'PurgeReleaseMessage', 'CatalogListMessage']);
const ERN_NAMESPACE = 'ddex.net/xml/ern/';
const FIRST_READ = 8 * 1024;
/** A long DOCTYPE or comment block before the root gets one larger read, no more. */
const SECOND_READ = 64 * 1024;
const SNIFF_CONCURRENCY = 8;
const baseName = (p) => p.slice(p.lastIndexOf('/') + 1);
export const isXmlName = (p) => /\.xml$/i.test(p);
export const isBatchCompleteXml = (p) => /^BatchComplete_.*\.xml$/i.test(baseName(p));
export const isMarkerName = (p) => isBatchCompleteXml(p) || /\.complete$/i.test(baseName(p));
/** Files a delivery never means to contain: dotfiles (`.DS_Store`, `._x.xml`) and macOS zip debris. */
export function isIgnoredPath(p) {
    return p.split('/').some((segment) => segment.startsWith('.') || segment === '__MACOSX');
}
/** What an XML root says about the file. */
export function roleOfRoot(sniff) {
    if (sniff.status !== 'root')
        return 'message';
    if (MESSAGE_ROOTS.has(sniff.name))
        return 'message';
    // Any other root in an ERN namespace is still meant as a message; the engine names the wrong root.
    if (sniff.ns.includes(ERN_NAMESPACE))
        return 'message';
    if (sniff.name === 'ManifestMessage')
        return 'manifest';
    return 'other';
}
/** Reads up to `limit` bytes from the start of an entry; null when it cannot be opened or read. */
export async function readHead(entry, limit) {
    let stream;
    try {
        stream = await entry.open();
    }
    catch {
        return null;
    }
    const chunks = [];
    let length = 0;
    try {
        for await (const chunk of stream) {
            const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
            chunks.push(buf);
            length += buf.length;
            if (length >= limit)
                break;
        }
    }
    catch {
        return length > 0 ? Buffer.concat(chunks).subarray(0, limit) : null;
    }
    finally {
        stream.destroy();
    }
    return Buffer.concat(chunks).subarray(0, limit);
}
/** Sniffs the root of one XML entry, reading more only when the first read ends before the root. */
export async function sniffEntry(entry) {
    let head = await readHead(entry, FIRST_READ);
    if (head === null)
        return { status: 'not-xml', reason: 'the file could not be read' };
    let sniff = sniffRoot(head);
    if (sniff.status === 'incomplete' && head.length >= FIRST_READ) {
        head = await readHead(entry, SECOND_READ);
        if (head === null)
            return { status: 'not-xml', reason: 'the file could not be read' };
        sniff = sniffRoot(head);
    }
    return sniff;
}
async function mapLimited(items, limit, fn) {
    const results = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const i = next++;
            results[i] = await fn(items[i]);
        }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
    return results;
}
const byPath = (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
const depth = (p) => p.split('/').length;
/** Classifies the files of a folder or zip batch (entries must already exclude ignored paths). */
export async function classifyEntries(entries) {
    const markers = entries.filter((e) => isMarkerName(e.path));
    // The shallowest marker is the batch's own; deeper ones belong to nested batches.
    markers.sort((a, b) => depth(a.path) - depth(b.path) || byPath(a, b));
    const xml = entries.filter((e) => isXmlName(e.path) && !isBatchCompleteXml(e.path));
    const roles = await mapLimited(xml, SNIFF_CONCURRENCY, async (e) => roleOfRoot(await sniffEntry(e)));
    const messages = xml.filter((_, i) => roles[i] === 'message').sort(byPath);
    // An empty BatchComplete_*.xml is a bare marker (some choreographies use one), not a manifest to read.
    const manifests = [...xml.filter((_, i) => roles[i] === 'manifest'), ...entries.filter((e) => isBatchCompleteXml(e.path) && e.size > 0)].sort(byPath);
    return { messages, manifests, marker: markers[0] ?? null };
}
//# sourceMappingURL=classify.js.map