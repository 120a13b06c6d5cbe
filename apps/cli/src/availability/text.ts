/** The readable forms of `ddex-check availability`: per release, the table of offers, or the answer for a territory and a day. */
import type { OfferRow, PriceOut, ReleaseAnswer, ReleaseTable, UseOut } from '@ddex-check/engine';
import type { Question } from './question.js';

type Ids = ReleaseTable['ids'];

function idText(ids: Ids): string {
  const parts: string[] = [];
  if (ids.icpn) parts.push(`ICPN ${ids.icpn}`);
  if (ids.grid) parts.push(`GRid ${ids.grid}`);
  if (ids.isrc) parts.push(`ISRC ${ids.isrc}`);
  if (ids.catalog_number) parts.push(`cat. ${ids.catalog_number}`);
  if (parts.length === 0 && ids.proprietary[0]) parts.push(`${ids.proprietary[0].namespace ?? 'proprietary'} ${ids.proprietary[0].value}`);
  return parts.join(', ');
}

function heading(r: { reference: string | null; title: string | null; ids: Ids }): string {
  return [r.reference ?? '(no reference)', r.title ? `"${r.title}"` : null, idText(r.ids) || null].filter(Boolean).join('  ');
}

export function priceText(price: PriceOut | null): string {
  if (!price) return '';
  const parts = [price.code, price.range && price.range !== price.code ? price.range : null, price.wholesale ? `wholesale ${price.wholesale.amount}${price.wholesale.currency ? ` ${price.wholesale.currency}` : ''}` : null, price.suggested_retail ? `retail ${price.suggested_retail.amount}${price.suggested_retail.currency ? ` ${price.suggested_retail.currency}` : ''}` : null];
  return parts.filter(Boolean).join(', ');
}

/** Columns padded to their widest cell; trailing blanks trimmed. */
function columns(rows: string[][], indent: string): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => (indent + r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).trimEnd());
}

/** Most territories listed in a cell before the rest are counted. */
const LISTED_TERRITORIES = 12;

/**
 * Offer rows that differ only by their listed territories are one row (a sender writing a deal per
 * country, as DDEX's 4.3 SimpleAudioSingle sample does, would give hundreds); the JSON keeps every row.
 */
function groupedRows(offers: OfferRow[]): string[][] {
  const groups = new Map<string, { codes: string[]; text: string; rest: string[] }>();
  for (const o of offers) {
    const rest = [o.use_type ?? '-', o.commercial_model ?? '-', o.from ?? '-', o.until ?? '-', [o.pre_order ? `pre-order${o.pre_order_release_date ? ` (release ${o.pre_order_release_date})` : ''}` : '', priceText(o.price)].filter(Boolean).join('; ')];
    const listed = o.territories.excluded.length === 0 && !o.territories.included.includes('Worldwide');
    const key = listed ? `only\0${rest.join('\0')}` : `${o.territories.text}\0${rest.join('\0')}`;
    const group = groups.get(key);
    if (group && listed) group.codes.push(...o.territories.included.filter((c) => !group.codes.includes(c)));
    else if (!group) groups.set(key, { codes: listed ? [...o.territories.included] : [], text: o.territories.text, rest });
  }
  return [...groups.values()].map((g) => {
    const text = g.codes.length === 0 ? g.text : g.codes.length <= LISTED_TERRITORIES ? g.codes.join(', ') : `${g.codes.slice(0, LISTED_TERRITORIES).join(', ')} and ${g.codes.length - LISTED_TERRITORIES} more (${g.codes.length} territories)`;
    return [text, ...g.rest];
  });
}

export function tableText(source: string, version: string, releases: ReleaseTable[]): string {
  const lines = [`${source} (ERN ${version}): ${releases.length} release${releases.length === 1 ? '' : 's'}`];
  for (const r of releases) {
    lines.push('', `  ${heading(r)}${r.release_date ? `  release date ${r.release_date}` : ''}`);
    if (r.offers.length === 0 && r.takedowns.length === 0) {
      lines.push('    no deal');
      continue;
    }
    if (r.offers.length > 0) {
      const rows = [['territories', 'use type', 'commercial model', 'from', 'until', 'price'], ...groupedRows(r.offers)];
      lines.push(...columns(rows, '    '));
    }
    for (const t of r.takedowns) {
      const when = [t.from ? `from ${t.from}` : '', t.until ? `until ${t.until}` : ''].filter(Boolean).join(' ');
      lines.push(`    ${t.kind === 'takeDown' ? 'takedown' : 'all deals cancelled'} in ${t.territories.text}${when ? ` ${when}` : ''}`);
    }
  }
  return lines.join('\n') + '\n';
}

function useText(u: UseOut): string[] {
  const period = `${u.from ?? '-'} to ${u.until ?? 'open'}`;
  const notes = [u.pre_order ? 'pre-order' : '', priceText(u.price), u.via_region ? `through TIS region ${u.via_region}, members not checked` : ''].filter(Boolean).join('; ');
  return [u.use_type ?? '-', u.commercial_model ?? '-', period, notes];
}

export function answerText(source: string, version: string, q: Question, releases: ReleaseAnswer[]): string {
  const where = q.territory === 'Worldwide' ? 'anywhere' : `in ${q.territory}`;
  const available = releases.filter((r) => r.available).length;
  const lines = [`${source} (ERN ${version}): ${available} of ${releases.length} release${releases.length === 1 ? '' : 's'} available ${where} on ${q.on}`];
  for (const r of releases) {
    lines.push('', `  ${heading(r)}: ${r.available ? 'available' : `not available: ${r.reason?.text ?? 'nothing offered'}`}`);
    if (r.uses.length) lines.push(...columns(r.uses.map(useText), '    '));
  }
  return lines.join('\n') + '\n';
}

/** The releases a PurgeReleaseMessage removes (none: an empty text). */
export function purgedText(purged: { ids: Ids; title: string | null }[] | undefined): string {
  if (!purged || purged.length === 0) return '';
  return purged.map((p) => `  purged, offered nowhere: ${heading({ reference: null, ...p }).replace('(no reference)  ', '')}\n`).join('');
}
