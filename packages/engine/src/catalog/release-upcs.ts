/** The UPCs a message asks the catalog about: every release that is a product (not a track or clip release). */
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
