import type { ErnVersion } from '../ern/model.js';
import { type SimpleTypeValues } from './read-enumerations.js';
/** Lists the rules use, independent of how each AVS version names them. */
export type AvsList = 'territory' | 'deprecatedTerritory' | 'commercialModel' | 'useType' | 'releaseType' | 'parentalWarning' | 'classifiedGenre' | 'subGenre';
export declare class AllowedValues {
    readonly version: ErnVersion;
    /** The AVS file read (for messages and docs). */
    readonly file: string;
    private readonly types;
    private readonly cache;
    constructor(version: ErnVersion, 
    /** The AVS file read (for messages and docs). */
    file: string, types: Map<string, SimpleTypeValues>);
    /** The values of a list, or null when this AVS version has no such list (e.g. ClassifiedGenre before 4.2). */
    get(list: AvsList): ReadonlySet<string> | null;
}
/** The AVS file of an XSD set folder (the one DDEX names `avs*.xsd` or `allowed-value-sets.xsd`). */
export declare function avsFileIn(setDir: string): string | null;
/** The allowed values for `version` from the installed schemas, or null when none are installed. */
export declare function avsOf(version: ErnVersion, schemasDir?: string | null): Promise<AllowedValues | null>;
/** What to tell the user when the AVS (the XSD set) is not installed. */
export declare function avsInstallHint(version: string): string;
//# sourceMappingURL=allowed-values.d.ts.map