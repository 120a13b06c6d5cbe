import type { Writable } from 'node:stream';
export interface ToolRun {
    /** The child's stdin when `pipeInput`, else null. Write errors (EPIPE when the tool stops reading early) are absorbed. */
    stdin: Writable | null;
    done: Promise<{
        code: number | null;
        stdout: string;
        stderr: string;
        failed?: string;
    }>;
}
export declare function runTool(binary: string, args: string[], options: {
    pipeInput: boolean;
    signal?: AbortSignal;
}): ToolRun;
//# sourceMappingURL=run-tool.d.ts.map