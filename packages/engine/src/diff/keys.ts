/**
 * How the diff matches records across two messages: by their identifiers, never by the
 * message-local references (R1, A3, P7) that senders renumber from one message to the next. A
 * release by ICPN, else GRid, ISRC, proprietary id or catalog number; a resource by ISRC, else
 * proprietary id, else its kind and title; a party by ISNI, DPID, IPI, proprietary id, else name.
 * A record without any of these keeps its reference, said in its key (`ref R1`).
 */
import type { Party, Release, Resource } from '../ern/model.js';
import { titleOf } from '../availability/release-facts.js';

const proprietary = (ids: { namespace: string | null; value: string }[]) => ids.map((p) => `${p.namespace ?? ''}:${p.value}`).sort()[0];

export function releaseKey(r: Release): string {
  const ids = r.ids;
  // UPC-A, EAN-13 and GTIN-14 of one product differ by leading zeros only.
  if (ids.icpn?.value) return `ICPN ${/^\d{12,14}$/.test(ids.icpn.value) ? ids.icpn.value.padStart(14, '0') : ids.icpn.value}`;
  if (ids.grid?.value) return `GRid ${ids.grid.value}`;
  if (ids.isrc?.value) return `ISRC ${ids.isrc.value}`;
  const p = proprietary(ids.proprietary);
  if (p) return `ProprietaryId ${p}`;
  if (ids.catalogNumber?.value) return `CatalogNumber ${ids.catalogNumber.value}`;
  return `ref ${r.reference?.value ?? '?'}`;
}

export function resourceKey(r: Resource): string {
  if (r.isrc?.value) return `ISRC ${r.isrc.value}`;
  const p = proprietary(r.proprietaryIds);
  if (p) return `ProprietaryId ${p}`;
  const title = titleOf(r);
  if (title) return `${r.kind} "${title}"`;
  return `${r.kind}${r.type ? ` ${r.type}` : ''}`;
}

export function partyKey(p: Party): string {
  if (p.isni) return `ISNI ${p.isni}`;
  if (p.dpid) return `DPID ${p.dpid}`;
  if (p.ipi) return `IPI ${p.ipi}`;
  const id = proprietary(p.proprietaryIds);
  if (id) return `ProprietaryId ${id}`;
  if (p.names[0]) return `name "${p.names[0]}"`;
  return `ref ${p.reference.value}`;
}

/** Gives repeated keys a number (`Image FrontCoverImage #2`), in message order, so that every record has its own. */
export class KeyRegistry {
  private readonly seen = new Map<string, number>();
  unique(key: string): string {
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    return n === 1 ? key : `${key} #${n}`;
  }
}
