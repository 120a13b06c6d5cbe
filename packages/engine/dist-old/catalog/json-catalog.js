/**
 * A catalog read from a JSON export (`--catalog FILE`, config `catalog`):
 * `{memberId, releases: [{upc, memberId, live, title}], recordings: [{isrc, memberId, title}]}`.
 * Lookups normalise codes the way deliveries vary them: UPC/EAN compared without leading zeros
 * (a 12-digit UPC and its 13-digit EAN are one product), ISRCs upper-cased without dashes.
 */
import { readFile } from 'node:fs/promises';
export class CatalogFileError extends Error {
    file;
    constructor(message, file) {
        super(`${file}: ${message}`);
        this.file = file;
        this.name = 'CatalogFileError';
    }
}
export const normalizeUpc = (upc) => upc.trim().replace(/^0+(?=\d)/, '');
export const normalizeIsrc = (isrc) => isrc.trim().replace(/-/g, '').toUpperCase();
export class JsonCatalog {
    memberId;
    releases = new Map();
    recordings = new Map();
    constructor(memberId, releases = [], recordings = []) {
        this.memberId = memberId;
        for (const r of releases)
            this.releases.set(normalizeUpc(r.upc), r);
        for (const r of recordings)
            this.recordings.set(normalizeIsrc(r.isrc), r);
    }
    async findRelease(upc) {
        return this.releases.get(normalizeUpc(upc)) ?? null;
    }
    async findRecording(isrc) {
        return this.recordings.get(normalizeIsrc(isrc)) ?? null;
    }
    /** Checks the shape and builds the catalog; errors name the entry at fault (`releases[3].upc`). */
    static fromValue(value, file = 'catalog') {
        const fail = (where, what) => {
            throw new CatalogFileError(`${where} ${what}`, file);
        };
        if (typeof value !== 'object' || value === null || Array.isArray(value))
            fail('the catalog', 'must be a JSON object');
        const v = value;
        const memberId = v.memberId === undefined || v.memberId === null ? null : String(v.memberId);
        const list = (key) => {
            const items = v[key] ?? [];
            if (!Array.isArray(items))
                fail(key, 'must be an array');
            return items.map((item, i) => {
                if (typeof item !== 'object' || item === null)
                    fail(`${key}[${i}]`, 'must be an object');
                return item;
            });
        };
        const text = (item, key, where) => {
            const x = item[key];
            if (typeof x === 'string' && x.trim() !== '')
                return x;
            if (typeof x === 'number')
                return String(x);
            return fail(`${where}.${key}`, 'is missing (a non-empty string)');
        };
        const releases = list('releases').map((item, i) => {
            const where = `releases[${i}]`;
            if (item.live !== undefined && typeof item.live !== 'boolean')
                fail(`${where}.live`, 'must be true or false');
            return {
                upc: text(item, 'upc', where),
                memberId: text(item, 'memberId', where),
                live: item.live === true,
                title: typeof item.title === 'string' ? item.title : null,
                ...(item.releaseId !== undefined ? { releaseId: item.releaseId } : {}),
            };
        });
        const recordings = list('recordings').map((item, i) => {
            const where = `recordings[${i}]`;
            return {
                isrc: text(item, 'isrc', where),
                memberId: text(item, 'memberId', where),
                title: typeof item.title === 'string' ? item.title : null,
                ...(typeof item.artist === 'string' ? { artist: item.artist } : {}),
                ...(item.recordingId !== undefined ? { recordingId: item.recordingId } : {}),
            };
        });
        return new JsonCatalog(memberId, releases, recordings);
    }
    static async fromFile(file) {
        let text;
        try {
            text = await readFile(file, 'utf8');
        }
        catch (error) {
            const code = error.code;
            throw new CatalogFileError(code === 'ENOENT' ? 'catalog file not found' : `cannot be read (${code})`, file);
        }
        let value;
        try {
            value = JSON.parse(text.replace(/^\uFEFF/, ''));
        }
        catch (error) {
            throw new CatalogFileError(`not valid JSON: ${error.message}`, file);
        }
        return JsonCatalog.fromValue(value, file);
    }
}
//# sourceMappingURL=json-catalog.js.map