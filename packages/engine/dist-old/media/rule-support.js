import { isRemoteReference } from './resolve.js';
export function filesOf(message, kinds) {
    const out = [];
    for (const resource of message.resources) {
        if (kinds !== 'all' && !kinds.includes(resource.kind))
            continue;
        for (const technical of resource.technical) {
            for (const file of technical.files)
                out.push({ resource, reference: resource.reference?.value ?? null, technical, file });
        }
    }
    return out;
}
/** Message every media rule declares for the lone-XML case. */
export const ALONE_MESSAGE = { alone: 'The {count} file(s) of this message were not checked: the message was given alone, without the files it references.' };
export const ALONE_HINT = { alone: 'Check the whole delivery (the folder or zip holding the message and its files) to have the files checked.' };
/**
 * The referenced files that were inspected and could be read (missing, remote and unreadable ones
 * are `package-file-present`'s findings). With no media at hand, one `skipped` check.
 */
export function inspectedFiles(ctx, kinds) {
    const refs = filesOf(ctx.message, kinds).filter((r) => r.file.uri.trim() !== '');
    const media = ctx.media;
    if (!media) {
        const local = refs.filter((r) => !isRemoteReference(r.file));
        if (local.length)
            ctx.skip({ messageId: 'alone', data: { count: local.length } });
        return [];
    }
    const out = [];
    for (const ref of refs) {
        if (media.isRemote(ref.file))
            continue;
        const entry = media.resolve(ref.file, ctx.file);
        const facts = entry ? media.facts(entry.path) : undefined;
        if (entry && facts && !facts.error)
            out.push({ ...ref, entry, facts });
    }
    return out;
}
/** Cover art (front cover, or an image with no type): the images the size and shape rules apply to. */
export function isCoverArt(resource) {
    return resource.kind === 'Image' && (resource.type === null || /cover/i.test(resource.type));
}
//# sourceMappingURL=rule-support.js.map