/**
 * What every media rule does first: list the files of the message's resources of some kinds,
 * and either hand over the inspected ones, or (a lone XML checked without its files) record one
 * `skipped` check saying the files were not checked.
 */
import type { ErnMessage, Resource, ResourceFile, ResourceKind, TechnicalDetails } from '../ern/model.js';
import type { RuleContext } from '../rules/define.js';
import type { BatchEntry } from '../batch/types.js';
import type { MediaFacts } from './types.js';
import { isRemoteReference } from './resolve.js';

export interface MediaFileRef {
  resource: Resource;
  /** `A1`, or null when the resource has no reference. */
  reference: string | null;
  technical: TechnicalDetails;
  file: ResourceFile;
}

export interface InspectedFile extends MediaFileRef {
  entry: BatchEntry;
  facts: MediaFacts;
}

export function filesOf(message: ErnMessage, kinds: readonly ResourceKind[] | 'all'): MediaFileRef[] {
  // Indexed loops: called once or twice per message, where for-of would allocate an iterator result per element.
  const out: MediaFileRef[] = [];
  const resources = message.resources;
  for (let i = 0; i < resources.length; i++) {
    const resource = resources.at(i)!;
    if (kinds !== 'all' && !kinds.includes(resource.kind)) continue;
    const technicals = resource.technical;
    for (let j = 0; j < technicals.length; j++) {
      const technical = technicals[j];
      const files = technical.files;
      for (let k = 0; k < files.length; k++) out.push({ resource, reference: resource.reference?.value ?? null, technical, file: files[k] });
    }
  }
  return out;
}

/** Message every media rule declares for the lone-XML case. */
export const ALONE_MESSAGE = { alone: 'The {count} file(s) of this message were not checked: the message was given alone, without the files it references.' };
export const ALONE_HINT = { alone: 'Check the whole delivery (the folder or zip holding the message and its files) to have the files checked.' };

/**
 * Local files of a lone message by resource kind, counted once per message: every media rule asks
 * (eight of them for sound recordings, others for all kinds), and a catalog message lists one file
 * per track. `resources`: how many of the message's resources are counted, in order.
 */
interface LocalCounts {
  byKind: Map<ResourceKind, number>;
  resources: number;
}
const localCounts = new WeakMap<ErnMessage, LocalCounts>();

function countLocalFiles(counts: LocalCounts, resource: Resource): void {
  let count = 0;
  for (let j = 0; j < resource.technical.length; j++) {
    const files = resource.technical[j].files;
    for (let k = 0; k < files.length; k++) if (files[k].uri.trim() !== '' && !isRemoteReference(files[k])) count++;
  }
  if (count) counts.byKind.set(resource.kind, (counts.byKind.get(resource.kind) ?? 0) + count);
  counts.resources++;
}

/**
 * Counts the local files of resource `n` of `message` as it closes, as objects (validate's reader
 * calls it): the count at message end then reads no record back from a model kept as bytes (at
 * 104 MB that walk took 46 ms, at the end of the pass, on one core). A resource given out of order
 * stops the noting; the count at message end then walks the resources itself.
 */
export function noteLocalFiles(message: ErnMessage, resource: Resource, n: number): void {
  let counts = localCounts.get(message);
  if (!counts) localCounts.set(message, (counts = { byKind: new Map(), resources: 0 }));
  if (n === counts.resources) countLocalFiles(counts, resource);
}

export function localFileCount(message: ErnMessage, kinds: readonly ResourceKind[] | 'all'): number {
  let counts = localCounts.get(message);
  const resources = message.resources;
  if (!counts || counts.resources !== resources.length) {
    counts = { byKind: new Map(), resources: 0 };
    for (let i = 0; i < resources.length; i++) countLocalFiles(counts, resources.at(i)!);
    localCounts.set(message, counts);
  }
  let count = 0;
  for (const [kind, n] of counts.byKind) if (kinds === 'all' || kinds.includes(kind)) count += n;
  return count;
}

/**
 * The referenced files that were inspected and could be read (missing, remote and unreadable ones
 * are `package-file-present`'s findings). With no media at hand, one `skipped` check.
 */
export function inspectedFiles(ctx: RuleContext, kinds: readonly ResourceKind[] | 'all'): InspectedFile[] {
  const media = ctx.media;
  if (!media) {
    const count = localFileCount(ctx.message, kinds);
    if (count) ctx.skip({ messageId: 'alone', data: { count } });
    return [];
  }
  const refs = filesOf(ctx.message, kinds).filter((r) => r.file.uri.trim() !== '');
  const out: InspectedFile[] = [];
  for (const ref of refs) {
    if (media.isRemote(ref.file)) continue;
    const entry = media.resolve(ref.file, ctx.file);
    const facts = entry ? media.facts(entry.path) : undefined;
    if (entry && facts && !facts.error) out.push({ ...ref, entry, facts });
  }
  return out;
}

/** Cover art (front cover, or an image with no type): the images the size and shape rules apply to. */
export function isCoverArt(resource: { kind: string; type: string | null }): boolean {
  return resource.kind === 'Image' && (resource.type === null || /cover/i.test(resource.type));
}
