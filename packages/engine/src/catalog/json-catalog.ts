/**
 * A catalog read from a JSON export (`--catalog FILE`, config `catalog`):
 * `{memberId, releases: [{upc, memberId, live, status, title}], recordings: [{isrc, memberId, title}]}`
 * (`status`: the release's review status; `approved`, `taken_down` or `archived` hold updates for staff).
 * Lookups normalise codes the way deliveries vary them: UPC/EAN compared without leading zeros
 * (a 12-digit UPC and its 13-digit EAN are one product), ISRCs upper-cased without dashes.
 */
import { readFile } from 'node:fs/promises';
import { STAFF_DECISIONS, type Catalog, type CatalogRecording, type CatalogRelease, type StaffDecision } from './types.js';

/** Review statuses of a release no staff decided on yet: a delivery may still change it. */
const REVIEW_STATUSES = ['in_review', 'changes_requested'];

export class CatalogFileError extends Error {
  constructor(message: string, readonly file: string) {
    super(`${file}: ${message}`);
    this.name = 'CatalogFileError';
  }
}

export const normalizeUpc = (upc: string) => upc.trim().replace(/^0+(?=\d)/, '');
export const normalizeIsrc = (isrc: string) => isrc.trim().replace(/-/g, '').toUpperCase();

export class JsonCatalog implements Catalog {
  private readonly releases = new Map<string, CatalogRelease>();
  private readonly recordings = new Map<string, CatalogRecording>();

  constructor(
    readonly memberId: string | null,
    releases: CatalogRelease[] = [],
    recordings: CatalogRecording[] = [],
  ) {
    for (const r of releases) this.releases.set(normalizeUpc(r.upc), r);
    for (const r of recordings) this.recordings.set(normalizeIsrc(r.isrc), r);
  }

  async findRelease(upc: string): Promise<CatalogRelease | null> {
    return this.releases.get(normalizeUpc(upc)) ?? null;
  }

  async findRecording(isrc: string): Promise<CatalogRecording | null> {
    return this.recordings.get(normalizeIsrc(isrc)) ?? null;
  }

  async findRecordings(isrcs: readonly string[]): Promise<ReadonlyMap<string, CatalogRecording>> {
    const found = new Map<string, CatalogRecording>();
    for (const isrc of isrcs) {
      const recording = this.recordings.get(normalizeIsrc(isrc));
      if (recording) found.set(isrc, recording);
    }
    return found;
  }

  /** Checks the shape and builds the catalog; errors name the entry at fault (`releases[3].upc`). */
  static fromValue(value: unknown, file = 'catalog'): JsonCatalog {
    const fail = (where: string, what: string): never => {
      throw new CatalogFileError(`${where} ${what}`, file);
    };
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('the catalog', 'must be a JSON object');
    const v = value as Record<string, unknown>;
    const memberId = v.memberId === undefined || v.memberId === null ? null : String(v.memberId);
    const list = (key: string): Record<string, unknown>[] => {
      const items = v[key] ?? [];
      if (!Array.isArray(items)) fail(key, 'must be an array');
      return (items as unknown[]).map((item, i) => {
        if (typeof item !== 'object' || item === null) fail(`${key}[${i}]`, 'must be an object');
        return item as Record<string, unknown>;
      });
    };
    const text = (item: Record<string, unknown>, key: string, where: string): string => {
      const x = item[key];
      if (typeof x === 'string' && x.trim() !== '') return x;
      if (typeof x === 'number') return String(x);
      return fail(`${where}.${key}`, 'is missing (a non-empty string)');
    };
    const releases = list('releases').map((item, i): CatalogRelease => {
      const where = `releases[${i}]`;
      if (item.live !== undefined && typeof item.live !== 'boolean') fail(`${where}.live`, 'must be true or false');
      if (item.status !== undefined && !(typeof item.status === 'string' && [...REVIEW_STATUSES, ...STAFF_DECISIONS].includes(item.status))) {
        fail(`${where}.status`, `must be one of ${[...REVIEW_STATUSES, ...STAFF_DECISIONS].join(', ')}`);
      }
      return {
        upc: text(item, 'upc', where),
        memberId: text(item, 'memberId', where),
        live: item.live === true,
        decidedByStaff: STAFF_DECISIONS.includes(item.status as StaffDecision) ? (item.status as StaffDecision) : null,
        title: typeof item.title === 'string' ? item.title : null,
        ...(item.releaseId !== undefined ? { releaseId: item.releaseId as string | number } : {}),
      };
    });
    const recordings = list('recordings').map((item, i): CatalogRecording => {
      const where = `recordings[${i}]`;
      return {
        isrc: text(item, 'isrc', where),
        memberId: text(item, 'memberId', where),
        title: typeof item.title === 'string' ? item.title : null,
        ...(typeof item.artist === 'string' ? { artist: item.artist } : {}),
        ...(item.recordingId !== undefined ? { recordingId: item.recordingId as string | number } : {}),
      };
    });
    return new JsonCatalog(memberId, releases, recordings);
  }

  static async fromFile(file: string): Promise<JsonCatalog> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CatalogFileError(code === 'ENOENT' ? 'catalog file not found' : `cannot be read (${code})`, file);
    }
    let value: unknown;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new CatalogFileError(`not valid JSON: ${(error as Error).message}`, file);
    }
    return JsonCatalog.fromValue(value, file);
  }
}
