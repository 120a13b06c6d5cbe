/**
 * The media stage's one look at the files: resolves every file reference of every message to a
 * batch entry, plans what each file needs (the declared hash algorithms, audio/image/video
 * facts), then inspects each file once, several at a time (p-limit), before any media rule runs.
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { Batch } from '../batch/types.js';
import type { ErnMessage, ResourceKind } from '../ern/model.js';
import type { Profile } from '../profile/types.js';
import type { ProgressEvent } from '../options.js';
import { resolveAlgorithm } from './hash-algorithms.js';
import { inspectFile, type FilePlan, type MediaRole } from './inspect-file.js';
import { HashPool } from './hash-pool.js';
import { createResolver, isRemoteReference } from './resolve.js';
import { findTool } from './tools.js';
import type { MediaAccess, MediaFacts } from './types.js';

export interface InspectMediaInput {
  batch: Batch;
  messages: readonly { file: string; message: ErnMessage }[];
  deep: boolean;
  /** Measure silence, loudness and true peak of every audio file (one ffmpeg decode each). */
  measure?: boolean;
  profile: Profile;
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  /** Files inspected at once (default: the number of cores, 2 to 8). */
  concurrency?: number;
  /** Worker threads hashing large files on disk (default: one per core, at most 8; 0: hash on this thread). */
  hashWorkers?: number;
  /** Smallest file hashed on a worker (default 16 MiB). */
  offloadMinBytes?: number;
  /** A pool to use instead of one made (and closed) here. */
  hashPool?: HashPool;
}

const ROLE: Partial<Record<ResourceKind, MediaRole>> = { SoundRecording: 'audio', Image: 'image', Video: 'video' };

/** Path on disk of a folder batch's entry, when the batch source is the folder (ffprobe can then seek). */
function localPathOf(batch: Batch, entryPath: string, size: number): string | null {
  if (batch.kind !== 'folder') return null;
  const candidate = path.resolve(batch.source, ...entryPath.split('/'));
  try {
    const info = statSync(candidate);
    return info.isFile() && info.size === size ? candidate : null;
  } catch {
    return null;
  }
}

export function planMedia(input: Pick<InspectMediaInput, 'batch' | 'messages'>): Map<string, FilePlan> {
  const resolver = createResolver(input.batch);
  const plans = new Map<string, FilePlan>();
  for (const { file: messageFile, message } of input.messages) {
    for (const resource of message.resources) {
      const role = ROLE[resource.kind];
      for (const technical of resource.technical) {
        for (const file of technical.files) {
          const entry = resolver.resolve(file, messageFile);
          if (!entry) continue;
          let plan = plans.get(entry.path);
          if (!plan) {
            plan = { entry, digests: new Set(), roles: new Set(), localPath: null };
            plans.set(entry.path, plan);
          }
          if (role) plan.roles.add(role);
          if (file.hash) {
            const resolved = resolveAlgorithm(file.hash.algorithm, file.hash.value);
            if ('digest' in resolved) plan.digests.add(resolved.digest);
          }
        }
      }
    }
  }
  for (const plan of plans.values()) plan.localPath = localPathOf(input.batch, plan.entry.path, plan.entry.size);
  return plans;
}

export async function inspectMedia(input: InspectMediaInput): Promise<MediaAccess> {
  const resolver = createResolver(input.batch);
  const plans = planMedia(input);
  const facts = new Map<string, MediaFacts>();
  const parallel = Math.min(8, Math.max(2, os.availableParallelism()));
  const limit = pLimit(input.concurrency ?? parallel);
  const ownPool = input.hashPool === undefined && input.hashWorkers !== 0 ? new HashPool(input.hashWorkers ?? Math.min(8, os.availableParallelism())) : null;
  const hashPool = input.hashPool ?? ownPool;
  const settings = {
    hashPool,
    offloadMinBytes: input.offloadMinBytes,
    deep: input.deep,
    measure: input.measure ?? false,
    imageCap: Math.max(64 * 1024 * 1024, input.profile.artwork.maxBytes * 2),
    tools: { ffprobe: () => findTool('ffprobe'), ffmpeg: () => findTool('ffmpeg') },
    signal: input.signal,
  };
  let done = 0;
  const total = plans.size;
  try {
    await Promise.all(
      [...plans.values()].map((plan) =>
        limit(async () => {
          input.signal?.throwIfAborted();
          input.onProgress?.({ phase: 'media', file: plan.entry.path, done, total });
          facts.set(plan.entry.path, await inspectFile(plan, settings));
          done++;
        }),
      ),
    );
  } finally {
    await ownPool?.close();
  }
  input.onProgress?.({ phase: 'media', done, total });
  return {
    deep: input.deep,
    isRemote: isRemoteReference,
    resolve: (file, messageFile) => resolver.resolve(file, messageFile),
    nearest: (file, messageFile) => resolver.nearest(file, messageFile),
    facts: (entryPath) => facts.get(entryPath),
  };
}
