/** Turns a list of files into a Batch: classifies them and refuses a batch without any message. */
import { classifyEntries } from './classify.js';
import { BatchError } from './types.js';
export async function batchOf(parts) {
    const entries = [...parts.entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    let classified;
    try {
        classified = await classifyEntries(entries);
    }
    catch (err) {
        await parts.close();
        throw err;
    }
    if (classified.messages.length === 0) {
        await parts.close();
        const what = parts.kind === 'zip' ? 'zip' : 'folder';
        const found = entries.length === 0 ? `the ${what} holds no files` : `none of its ${entries.length} file(s) is an ERN message (.xml with a NewReleaseMessage, PurgeReleaseMessage or CatalogListMessage root)`;
        throw new BatchError(`no ERN message in ${what} ${parts.source}: ${found}`, 'no_message', parts.source);
    }
    return { kind: parts.kind, source: parts.source, entries, ...classified, messageOnly: parts.messageOnly, close: once(parts.close) };
}
/** close() may be called more than once (by the engine and by a caller's finally). */
export function once(fn) {
    let done = null;
    return () => (done ??= fn());
}
//# sourceMappingURL=assemble.js.map