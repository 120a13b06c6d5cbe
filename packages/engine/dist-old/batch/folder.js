/**
 * A folder batch: every file under the folder (recursively), read in place. Dotfiles and macOS
 * debris are left out; symbolic links are followed, except one leading back up (a loop).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isIgnoredPath } from './classify.js';
import { batchOf } from './assemble.js';
import { BatchError } from './types.js';
/** Opens a file of the batch as a stream; rejects (rather than emitting later) when it is gone. */
export async function openFileStream(absolute) {
    const handle = await fs.open(absolute, 'r');
    return handle.createReadStream();
}
export function fileEntry(absolute, relative, size) {
    return { path: relative, size, open: () => openFileStream(absolute) };
}
/** `ancestors` are the real paths above `dir`: a link back to one of them is a loop, not a folder. */
async function walk(root, dir, ancestors, out) {
    let items;
    let here;
    try {
        const real = await fs.realpath(dir);
        if (ancestors.has(real))
            return;
        here = new Set(ancestors).add(real);
        items = await fs.readdir(dir, { withFileTypes: true });
    }
    catch (err) {
        throw new BatchError(`cannot read folder ${dir}: ${err.message}`, 'unreadable', path.relative(root, dir).split(path.sep).join('/') || dir);
    }
    // Stats run side by side (the thread pool queues them); order is restored when the batch is sorted.
    await Promise.all(items.map(async (item) => {
        const absolute = path.join(dir, item.name);
        const relative = path.relative(root, absolute).split(path.sep).join('/');
        if (isIgnoredPath(relative))
            return;
        let info;
        try {
            info = await fs.stat(absolute); // follows links: a linked folder or file counts as its target
        }
        catch {
            // A dangling link: list it, so a message pointing at it gets "cannot be read", not "missing".
            out.push(fileEntry(absolute, relative, 0));
            return;
        }
        if (info.isDirectory())
            await walk(root, absolute, here, out);
        else if (info.isFile())
            out.push(fileEntry(absolute, relative, info.size));
    }));
}
export async function openFolder(folder, source) {
    const entries = [];
    await walk(folder, folder, new Set(), entries);
    return batchOf({ kind: 'folder', source, entries, messageOnly: false, close: async () => { } });
}
//# sourceMappingURL=folder.js.map