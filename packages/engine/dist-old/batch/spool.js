/**
 * Copies a stream (a request body) to a private temp folder, because a zip needs random access
 * and an entry may be opened more than once. The caller removes it with `remove()`.
 */
import { createWriteStream, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BatchError } from './types.js';
const HEAD_BYTES = 8;
export async function spoolToTemp(input, name) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ddex-check-'));
    const remove = () => fs.rm(dir, { recursive: true, force: true });
    const file = path.join(dir, 'upload');
    let size = 0;
    const headChunks = [];
    let headLength = 0;
    const counter = new Transform({
        transform(chunk, _enc, cb) {
            const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
            size += buf.length;
            if (headLength < HEAD_BYTES) {
                headChunks.push(buf.subarray(0, HEAD_BYTES - headLength));
                headLength += Math.min(buf.length, HEAD_BYTES - headLength);
            }
            cb(null, buf);
        },
    });
    try {
        await pipeline(input, counter, createWriteStream(file, { mode: 0o600 }));
    }
    catch (err) {
        await remove();
        throw new BatchError(`cannot read ${name}: ${err.message}`, 'unreadable', name);
    }
    return { file, size, head: Buffer.concat(headChunks), remove };
}
//# sourceMappingURL=spool.js.map