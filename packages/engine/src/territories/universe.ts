/**
 * The territories a deal can name, read at run time from the DDEX allowed value sets of the
 * installed XSD set (DDEX licenses them; nothing is copied into ddex-check): the ISO 3166-1
 * alpha-2 codes DDEX lists (IsoTerritoryCode), its own codes (`Worldwide`, `XK` Kosovo) and the TIS
 * codes, of which 2100-2135 are regions. `Worldwide` and 2136 expand to every country; the other
 * regions' members are not published in the AVS, so they are kept as regions, never guessed.
 */
import type { ErnVersion } from '../ern/model.js';
import { avsOf } from '../avs/allowed-values.js';
import { WORLD, type Coverage } from './coverage.js';

export class TerritoryUniverse {
  constructor(
    /** Every country code (ISO 3166-1 alpha-2 as DDEX lists it, and XK). */
    readonly countries: ReadonlySet<string>,
    /** TIS region codes other than World (2100-2135). */
    readonly regions: ReadonlySet<string>,
    /** Every code a deal may name (countries, TIS codes, Worldwide). */
    readonly known: ReadonlySet<string>,
    /** The AVS file the lists came from. */
    readonly file: string,
  ) {}

  /** The countries a coverage includes; regions it names are left out (see `regionsOf`). */
  expand(coverage: Coverage): Set<string> {
    if (coverage.kind === 'none') return new Set();
    if (coverage.kind === 'allExcept') return new Set([...this.countries].filter((c) => !coverage.codes.has(c)));
    const out = new Set<string>();
    for (const c of coverage.codes) if (WORLD.has(c)) return new Set(this.countries);
    for (const c of coverage.codes) if (this.countries.has(c)) out.add(c);
    return out;
  }

  /** The TIS regions a coverage names (members not enumerated). */
  regionsOf(coverage: Coverage): string[] {
    return coverage.kind === 'only' ? [...coverage.codes].filter((c) => this.regions.has(c)) : [];
  }
}

/** The universe for an ERN version, or null when no XSD set (AVS) is installed for it. */
export async function territoryUniverse(version: ErnVersion, schemasDir?: string | null): Promise<TerritoryUniverse | null> {
  const avs = await avsOf(version, schemasDir);
  if (!avs) return null;
  const iso = avs.get('isoTerritory') ?? new Set<string>();
  const ddex = avs.get('ddexTerritory') ?? new Set<string>();
  const tis = avs.get('tisTerritory') ?? new Set<string>();
  const countries = new Set([...iso, ...[...ddex].filter((c) => !WORLD.has(c))]);
  const regions = new Set([...tis].filter((c) => /^\d{4}$/.test(c) && Number(c) >= 2100 && !WORLD.has(c)));
  const known = new Set([...countries, ...tis, ...ddex, ...(avs.get('territory') ?? [])]);
  return new TerritoryUniverse(countries, regions, known, avs.file);
}
