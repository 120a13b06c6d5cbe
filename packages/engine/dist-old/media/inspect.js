/**
 * The media stage's one look at the files: resolves every file reference of every message to a
 * batch entry, plans what each file needs (the declared hash algorithms, audio/image/video
 * facts), then inspects each file once, several at a time (p-limit), before any media rule runs.
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { resolveAlgorithm } from './hash-algorithms.js';
import { inspectFile } from './inspect-file.js';
import { createResolver, isRemoteReference } from './resolve.js';
import { findTool } from './tools.js';
const ROLE = { SoundRecording: 'audio', Image: 'image', Video: 'video' };
/** Path on disk of a folder batch's entry, when the batch source is the folder (ffprobe can then seek). */
function localPathOf(batch, entryPath, size) {
    if (batch.kind !== 'folder')
        return null;
    const candidate = path.resolve(batch.source, ...entryPath.split('/'));
    try {
        const info = statSync(candidate);
        return info.isFile() && info.size === size ? candidate : null;
    }
    catch {
        return null;
    }
}
export function planMedia(input) {
    const resolver = createResolver(input.batch);
    const plans = new Map();
    for (const { file: messageFile, message } of input.messages) {
        for (const resource of message.resources) {
            const role = ROLE[resource.kind];
            for (const technical of resource.technical) {
                for (const file of technical.files) {
                    const entry = resolver.resolve(file, messageFile);
                    if (!entry)
                        continue;
                    let plan = plans.get(entry.path);
                    if (!plan) {
                        plan = { entry, digests: new Set(), roles: new Set(), localPath: null };
                        plans.set(entry.path, plan);
                    }
                    if (role)
                        plan.roles.add(role);
                    if (file.hash) {
                        const resolved = resolveAlgorithm(file.hash.algorithm, file.hash.value);
                        if ('digest' in resolved)
                            plan.digests.add(resolved.digest);
                    }
                }
            }
        }
    }
    for (const plan of plans.values())
        if (plan.roles.has('video'))
            plan.localPath = localPathOf(input.batch, plan.entry.path, plan.entry.size);
    return plans;
}
export async function inspectMedia(input) {
    const resolver = createResolver(input.batch);
    const plans = planMedia(input);
    const facts = new Map();
    const limit = pLimit(input.concurrency ?? Math.min(8, Math.max(2, os.availableParallelism())));
    const settings = {
        deep: input.deep,
        imageCap: Math.max(64 * 1024 * 1024, input.profile.artwork.maxBytes * 2),
        tools: { ffprobe: () => findTool('ffprobe'), ffmpeg: () => findTool('ffmpeg') },
        signal: input.signal,
    };
    let done = 0;
    const total = plans.size;
    await Promise.all([...plans.values()].map((plan) => limit(async () => {
        input.signal?.throwIfAborted();
        input.onProgress?.({ phase: 'media', file: plan.entry.path, done, total });
        facts.set(plan.entry.path, await inspectFile(plan, settings));
        done++;
    })));
    input.onProgress?.({ phase: 'media', done, total });
    return {
        deep: input.deep,
        isRemote: isRemoteReference,
        resolve: (file, messageFile) => resolver.resolve(file, messageFile),
        nearest: (file, messageFile) => resolver.nearest(file, messageFile),
        facts: (entryPath) => facts.get(entryPath),
    };
}
//# sourceMappingURL=inspect.js.map