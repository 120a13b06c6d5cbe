/**
 * Batch choreography: the BatchComplete manifest lists exactly the batch's messages, each where
 * its URL says, with the message id it holds and the hash sum of its bytes.
 */
import { createHash } from 'node:crypto';
import { defineRule } from '../../define.js';
import type { BatchEntry } from '../../../batch/types.js';
import { readManifest, type ManifestMessage } from '../../../batch/manifest.js';
import { choreography, manifestXsd } from '../../sources.js';

const ALGORITHMS: Record<string, string> = { md5: 'md5', sha1: 'sha1', 'sha-1': 'sha1', sha256: 'sha256', 'sha-256': 'sha256', sha512: 'sha512' };

async function digest(entry: BatchEntry, algorithm: string): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of await entry.open({ bulk: true })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The batch entry a manifest URL names: `/<batchId>/<ICPN>/<ICPN>.xml` is relative to the batch's parent, so the batch id may be the root folder or absent. */
function entryOf(url: string, entries: readonly BatchEntry[], markerDir: string): BatchEntry | null {
  const clean = url.replace(/\\/g, '/').replace(/^\/+/, '');
  const segments = clean.split('/');
  const candidates = [clean, segments.slice(1).join('/'), markerDir ? `${markerDir}/${segments.slice(1).join('/')}` : '', markerDir ? `${markerDir}/${clean}` : ''].filter(Boolean);
  for (const candidate of candidates) {
    const hit = entries.find((e) => e.path === candidate);
    if (hit) return hit;
  }
  return null;
}

export default defineRule({
  id: 'package-manifest-consistent',
  stage: 'package',
  meta: {
    label: 'Batch manifest matches the batch',
    description: 'The BatchComplete manifest lists exactly the batch\'s messages, with their message ids and hash sums (on when the batch has a manifest).',
    sources: [
      manifestXsd('ManifestMessage/MessageInBatch: MessageId, URL, HashSum'),
      choreography('the ManifestMessage lists every message of the Batch'),
    ],
    versions: 'all',
    severity: 'error',
    // Off in the presets: the engine turns it on for a batch whose BatchComplete file is an XML manifest.
    storeOnly: true,
    messages: {
      unreadable: 'The BatchComplete manifest "{file}" could not be read: {reason}.',
      count: 'The manifest "{file}" says NumberOfMessages {declared} but lists {listed} message(s).',
      missing: 'The manifest "{file}" lists "{url}" (line {line}), which is not in the batch.',
      unlisted: 'The message "{message}" is in the batch but not in the manifest "{file}".',
      messageId: 'The manifest "{file}" gives "{url}" the MessageId "{listed}"; the message says "{actual}".',
      hash: 'The manifest "{file}" gives "{url}" the {algorithm} hash {listed}; the file\'s is {actual}.',
      hashUnusable: 'The manifest "{file}" gives "{url}" the hash "{listed}" ({algorithm}), which cannot be checked: {reason}.',
    },
    hint: {
      unreadable: 'Write the BatchComplete file as the choreography\'s ManifestMessage (well-formed XML, no DOCTYPE).',
      count: 'Make NumberOfMessages the number of MessageInBatch entries.',
      missing: 'Upload the message, or remove it from the manifest; the URL is relative to the folder holding the batch folder.',
      unlisted: 'List every message of the batch in the manifest (MessageInBatch), or take the file out of the batch.',
      messageId: 'Write the message\'s own MessageId in the manifest.',
      hash: 'Compute the hash sum from the message file as uploaded (after any last edit), or upload the file the manifest describes.',
      hashUnusable: 'Write the real hash sum (hex) and its algorithm (MD5, SHA1 or SHA256).',
    },
  },
  async checkBatch(ctx) {
    const marker = ctx.batch.marker;
    if (!marker || marker.size === 0 || !/\.xml$/i.test(marker.path)) return;
    const file = marker.path;
    const manifest = await readManifest(marker);
    if ('error' in manifest) {
      ctx.report({ messageId: 'unreadable', file, data: { file, reason: manifest.error } });
      return;
    }
    if (manifest.declaredCount !== null && manifest.declaredCount !== manifest.messages.length) {
      ctx.report({ messageId: 'count', file, data: { file, declared: manifest.declaredCount, listed: manifest.messages.length } });
    }
    const markerDir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    const listed = new Set<string>();
    for (const item of manifest.messages) {
      const entry = entryOf(item.url, ctx.batch.entries, markerDir);
      if (!entry) {
        ctx.report({ messageId: 'missing', file, data: { file, url: item.url, line: item.line } });
        continue;
      }
      listed.add(entry.path);
      const model = ctx.messages.find((m) => m.file === entry.path)?.message;
      const actualId = model?.header.messageId?.value ?? null;
      if (item.messageId && actualId !== null && item.messageId !== actualId) ctx.report({ messageId: 'messageId', file, data: { file, url: item.url, listed: item.messageId, actual: actualId } });
      await checkHash(item, entry, file, ctx.report);
    }
    for (const message of ctx.batch.messages) {
      if (!listed.has(message.path)) ctx.report({ messageId: 'unlisted', file: message.path, data: { message: message.path, file } });
    }
  },
});

async function checkHash(item: ManifestMessage, entry: BatchEntry, file: string, report: (d: { messageId: string; file: string; data: Record<string, string | number> }) => void): Promise<void> {
  if (!item.hash) return;
  const algorithmName = (item.hash.algorithm ?? 'MD5').trim();
  const algorithm = ALGORITHMS[algorithmName.toLowerCase()];
  const listed = item.hash.value.trim();
  const base = { file, url: item.url, listed, algorithm: algorithmName };
  if (!algorithm) return report({ messageId: 'hashUnusable', file, data: { ...base, reason: `the algorithm ${algorithmName} is not one ddex-check computes` } });
  if (!/^[0-9a-f]+$/i.test(listed)) return report({ messageId: 'hashUnusable', file, data: { ...base, reason: 'it is not a hexadecimal digest (a placeholder?)' } });
  const actual = await digest(entry, algorithm);
  if (actual !== listed.toLowerCase()) report({ messageId: 'hash', file, data: { ...base, actual } });
}
