/** The UPCs a message asks the catalog about: every release that is a product (not a track or clip release). */
import type { Catalog, CatalogRelease } from './types.js';
import type { ErnMessage, Located } from '../ern/model.js';

export interface ReleaseUpc {
  reference: string | null;
  upc: Located;
}

export function productUpcs(message: ErnMessage): ReleaseUpc[] {
  const out: ReleaseUpc[] = [];
  for (const release of message.releases) {
    if (release.kind === 'track' || release.kind === 'clip' || !release.ids.icpn || release.ids.icpn.value.trim() === '') continue;
    out.push({ reference: release.reference?.value ?? null, upc: release.ids.icpn });
  }
  return out;
}

export interface CatalogMatch extends ReleaseUpc {
  found: CatalogRelease;
  /** The release is already the member's own (an update). */
  own: boolean;
}

/** Lookups per message: several rules ask about the same UPCs, the catalog (a database on the server) is asked once. */
const asked = new WeakMap<ErnMessage, Promise<CatalogMatch[]>>();

/** The message's product UPCs that the catalog knows; none without a catalog or a member to compare with. */
export function catalogMatches(message: ErnMessage, catalog: Catalog | null): Promise<CatalogMatch[]> {
  if (!catalog || catalog.memberId === null) return Promise.resolve([]);
  let matches = asked.get(message);
  if (!matches) {
    matches = (async () => {
      const out: CatalogMatch[] = [];
      for (const entry of productUpcs(message)) {
        const found = await catalog.findRelease(entry.upc.value.trim());
        if (found) out.push({ ...entry, found, own: found.memberId === catalog.memberId });
      }
      return out;
    })();
    asked.set(message, matches);
  }
  return matches;
}
