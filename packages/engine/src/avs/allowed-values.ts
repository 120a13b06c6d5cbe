/**
 * The allowed values a rule may ask for, by logical list, for one ERN version: found in the XSD
 * set the schema store locates (`avs*.xsd` / `allowed-value-sets.xsd` beside the message schema),
 * read once per file and process. When no set is installed the rules report a `skipped` check
 * with the install hint (`avsOf` returns null).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SchemaStore } from '../xml/schema-store.js';
import type { ErnVersion } from '../ern/model.js';
import { readEnumerationsFile, resolveValues, type SimpleTypeValues } from './read-enumerations.js';

/** Lists the rules use, independent of how each AVS version names them. */
export type AvsList =
  | 'territory'
  | 'isoTerritory'
  | 'tisTerritory'
  | 'ddexTerritory'
  | 'deprecatedTerritory'
  | 'commercialModel'
  | 'useType'
  | 'releaseType'
  | 'parentalWarning'
  | 'classifiedGenre'
  | 'subGenre';

/** AVS type names per list, first found wins: the 4.2+ `_ERN` lists are the ones the ERN schema uses. */
const TYPE_NAMES: Record<AvsList, (version: ErnVersion) => string[]> = {
  territory: () => ['CurrentTerritoryCode'],
  isoTerritory: () => ['IsoTerritoryCode'],
  tisTerritory: () => ['TisTerritoryCode'],
  ddexTerritory: () => ['DdexTerritoryCode'],
  deprecatedTerritory: () => ['DeprecatedIsoTerritoryCode'],
  commercialModel: () => ['CommercialModelType_ERN', 'CommercialModelType'],
  useType: () => ['UseType_ERN', 'UseType'],
  releaseType: (v) => (v.startsWith('4') ? ['ReleaseType_ERN4'] : ['ReleaseType']),
  parentalWarning: () => ['ParentalWarningType'],
  classifiedGenre: () => ['ClassifiedGenre'],
  subGenre: () => ['SubGenre'],
};

export class AllowedValues {
  private readonly cache = new Map<AvsList, ReadonlySet<string> | null>();
  constructor(
    readonly version: ErnVersion,
    /** The AVS file read (for messages and docs). */
    readonly file: string,
    private readonly types: Map<string, SimpleTypeValues>,
  ) {}

  /** The values of a list, or null when this AVS version has no such list (e.g. ClassifiedGenre before 4.2). */
  get(list: AvsList): ReadonlySet<string> | null {
    if (!this.cache.has(list)) {
      let found: ReadonlySet<string> | null = null;
      for (const name of TYPE_NAMES[list](this.version)) {
        const values = resolveValues(this.types, name);
        if (values) {
          found = new Set(values);
          break;
        }
      }
      this.cache.set(list, found);
    }
    return this.cache.get(list)!;
  }
}

const byFile = new Map<string, Promise<Map<string, SimpleTypeValues>>>();
/** The AVS file of each set folder that has one (looked for once, as the set itself is read once). */
const avsFiles = new Map<string, string>();
/** The allowed values by version and AVS file: their lists are made into sets once per process, not per message. */
const byVersionFile = new Map<string, Promise<AllowedValues>>();

/** The AVS file of an XSD set folder (the one DDEX names `avs*.xsd` or `allowed-value-sets.xsd`). */
export function avsFileIn(setDir: string): string | null {
  const look = (dir: string) => {
    try {
      return readdirSync(dir).filter((f) => /^(avs.*|allowed-value-sets)\.xsd$/i.test(f)).sort().map((f) => path.join(dir, f));
    } catch {
      return [];
    }
  };
  // ERN 4.3.2 keeps its message schema one folder down and the AVS beside the folder.
  return look(setDir)[0] ?? null;
}

/** The allowed values for `version` from the installed schemas, or null when none are installed. */
export async function avsOf(version: ErnVersion, schemasDir?: string | null): Promise<AllowedValues | null> {
  const location = new SchemaStore({ dir: schemasDir ?? undefined }).locate(version);
  if (!location) return null;
  const file = avsFiles.get(location.dir) ?? avsFileIn(location.dir) ?? avsFileIn(path.dirname(location.mainFile));
  if (!file) return null;
  avsFiles.set(location.dir, file);
  let types = byFile.get(file);
  if (!types) {
    types = readEnumerationsFile(file);
    byFile.set(file, types);
    types.catch(() => byFile.delete(file));
  }
  const key = `${version}\u0000${file}`;
  let values = byVersionFile.get(key);
  if (!values) {
    values = types.then((t) => new AllowedValues(version, file, t));
    byVersionFile.set(key, values);
    values.catch(() => byVersionFile.delete(key));
  }
  return values;
}

/** What to tell the user when the AVS (the XSD set) is not installed. */
export function avsInstallHint(version: string): string {
  return SchemaStore.installHint(version);
}
