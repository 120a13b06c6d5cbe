/**
 * Reads a batch manifest (the BatchComplete_*.xml of the DDEX choreographies: ERN-C 1.5, ERN-C
 * SFTP 1.6, ECHO 1.2): the messages it lists, each with its URL, message id and hash sum. Read
 * with saxes, without a DTD: a manifest declaring one is refused, nothing is expanded.
 */
import { SaxesParser } from 'saxes';
import type { BatchEntry } from './types.js';

export interface ManifestMessage {
  messageId: string | null;
  messageType: string | null;
  url: string;
  hash: { value: string; algorithm: string | null } | null;
  /** 1-based line of the MessageInBatch element. */
  line: number;
}

export interface Manifest {
  root: string;
  declaredCount: number | null;
  messages: ManifestMessage[];
}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** The manifest of a marker file; `{error}` when it is not a readable XML manifest. */
export async function readManifest(entry: BatchEntry): Promise<Manifest | { error: string }> {
  if (entry.size > MAX_MANIFEST_BYTES) return { error: `the manifest is larger than ${MAX_MANIFEST_BYTES / 1048576} MiB` };
  const parts: Buffer[] = [];
  for await (const chunk of await entry.open()) parts.push(chunk as Buffer);
  return parseManifest(Buffer.concat(parts).toString('utf8'));
}

export function parseManifest(text: string): Manifest | { error: string } {
  if (/<!DOCTYPE/i.test(text)) return { error: 'the manifest declares a DOCTYPE, which is not read' };
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  let root = '';
  let declaredCount: number | null = null;
  const messages: ManifestMessage[] = [];
  let current: (ManifestMessage & { hashValue?: string; hashAlgorithm?: string }) | null = null;
  let textBuffer = '';
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (path.length === 0) root = name;
    path.push(name);
    textBuffer = '';
    if (name === 'MessageInBatch') current = { messageId: null, messageType: null, url: '', hash: null, line: parser.line };
  });
  parser.on('text', (t) => (textBuffer += t));
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    const value = textBuffer.trim();
    const parent = path[path.length - 2];
    if (name === 'NumberOfMessages' && path.length === 2) declaredCount = /^\d+$/.test(value) ? Number(value) : null;
    if (current && parent === 'MessageInBatch') {
      if (name === 'MessageId') current.messageId = value;
      if (name === 'MessageType') current.messageType = value;
      if (name === 'URL') current.url = value;
    }
    if (current && parent === 'HashSum' && path[path.length - 3] === 'MessageInBatch') {
      // ECHO 1.2 / ERN-C: HashSum/HashSum and HashSumAlgorithmType; ERN 4 style: HashSumValue and Algorithm.
      if (name === 'HashSum' || name === 'HashSumValue') current.hashValue = value;
      if (name === 'HashSumAlgorithmType' || name === 'Algorithm') current.hashAlgorithm = value;
    }
    if (name === 'MessageInBatch' && current) {
      const { hashValue, hashAlgorithm, ...message } = current;
      messages.push({ ...message, hash: hashValue ? { value: hashValue, algorithm: hashAlgorithm ?? null } : null });
      current = null;
    }
    path.pop();
    textBuffer = '';
  });
  try {
    parser.write(text).close();
  } catch (error) {
    return { error: `the manifest is not well-formed XML: ${(error as Error).message.split('\n')[0]}` };
  }
  if (root !== 'ManifestMessage') return { error: `the BatchComplete file is a ${root || 'empty'} document, not a ManifestMessage` };
  return { root, declaredCount, messages };
}
