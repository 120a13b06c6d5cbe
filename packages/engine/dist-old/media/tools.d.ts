export type ToolName = 'ffprobe' | 'ffmpeg';
export type ToolLocation = {
    found: true;
    path: string;
    from: 'env' | 'npm' | 'PATH';
} | {
    found: false;
    reason: string;
};
export interface LocateSources {
    env?: NodeJS.ProcessEnv;
    /** Path of the npm-shipped binary, or null when the package is absent for this platform. */
    npmPath?: string | null;
}
export declare function installHint(name: ToolName): string;
/** Pure lookup (the sources can be injected for tests). */
export declare function locateTool(name: ToolName, sources?: LocateSources): ToolLocation;
/** Cached per process and per environment value, so a test can point FFPROBE_PATH elsewhere. */
export declare function findTool(name: ToolName): ToolLocation;
//# sourceMappingURL=tools.d.ts.map