/**
 * Runs ffprobe or ffmpeg as a child process (spawned directly: fluent-ffmpeg is archived), with
 * its stdin either fed by the caller (a zip entry being streamed) or ignored (a path argument).
 * Output is capped; the process is killed on abort; nothing here throws on a bad exit status.
 */
import { spawn } from 'node:child_process';
const STDOUT_CAP = 8 * 1024 * 1024;
const STDERR_CAP = 64 * 1024;
export function runTool(binary, args, options) {
    const child = spawn(binary, args, { stdio: [options.pipeInput ? 'pipe' : 'ignore', 'pipe', 'pipe'], windowsHide: true });
    const out = [];
    const err = [];
    let outBytes = 0;
    let errBytes = 0;
    child.stdout.on('data', (b) => {
        if (outBytes < STDOUT_CAP)
            out.push(b);
        outBytes += b.length;
    });
    child.stderr.on('data', (b) => {
        if (errBytes < STDERR_CAP)
            err.push(b);
        errBytes += b.length;
    });
    child.stdin?.on('error', () => { });
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = new Promise((resolve) => {
        child.on('error', (error) => {
            options.signal?.removeEventListener('abort', onAbort);
            resolve({ code: null, stdout: '', stderr: '', failed: `${binary} could not be started: ${error.message}` });
        });
        child.on('close', (code) => {
            options.signal?.removeEventListener('abort', onAbort);
            resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
        });
    });
    return { stdin: child.stdin, done };
}
//# sourceMappingURL=run-tool.js.map