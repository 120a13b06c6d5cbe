export interface SimpleTypeValues {
    values: string[];
    /** Local names of the union's member types (prefix removed). */
    members: string[];
}
/** Named simple types of one AVS file; later duplicates of a name are merged. */
export declare function readEnumerations(xml: string): Map<string, SimpleTypeValues>;
/** All values of a named type, following union members (cycles ignored). */
export declare function resolveValues(types: Map<string, SimpleTypeValues>, name: string, seen?: Set<string>): string[] | null;
export declare function readEnumerationsFile(file: string): Promise<Map<string, SimpleTypeValues>>;
//# sourceMappingURL=read-enumerations.d.ts.map