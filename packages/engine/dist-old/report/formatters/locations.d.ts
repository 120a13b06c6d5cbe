import type { Check, Report } from '../types.js';
export interface DisplayLocation {
    /** Path of a file on disk, relative to cwd, '/'-separated. */
    path: string;
    /** Entry inside the zip, when the source is a zip. */
    entry?: string;
}
/** What kind of input a report came from, judged from its source name. */
export declare function sourceKind(report: Report): 'zip' | 'xml' | 'folder';
export declare function displaySource(report: Report, cwd: string): string;
export declare function locateFile(report: Report, file: string, cwd: string): DisplayLocation;
export declare function locateCheck(report: Report, check: Check, cwd: string): DisplayLocation;
//# sourceMappingURL=locations.d.ts.map