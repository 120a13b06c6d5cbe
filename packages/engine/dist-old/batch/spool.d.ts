import { type Readable } from 'node:stream';
export interface Spooled {
    file: string;
    size: number;
    /** First bytes, to tell a zip from XML. */
    head: Buffer;
    remove(): Promise<void>;
}
export declare function spoolToTemp(input: Readable, name: string): Promise<Spooled>;
//# sourceMappingURL=spool.d.ts.map