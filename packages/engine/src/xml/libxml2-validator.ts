/**
 * The reference SchemaValidator: libxml2 through xmllint-wasm. xmllint needs the whole message,
 * so a session buffers the bytes of the pass and validates at `finish()`; xmllint-wasm runs each
 * call in its own worker thread, which keeps the event loop free. libxml2 gives line numbers only:
 * the session's listener remembers where elements opened so that each issue also gets a DDEX path.
 *
 * Messages above `maxBytes` are not validated here (skipped, pointing at the compiled validator),
 * and a run that fails for want of memory is retried once with more, then skipped: an internal
 * failure is never reported as a verdict on the message.
 */
import os from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import type { validateXML } from 'xmllint-wasm';
import type { ErnVersion } from '../ern/model.js';
import { ElementLineIndex } from './libxml2-element-index.js';
import { bytesForLibxml2 } from './libxml2-encoding.js';
import { parseXmllintOutput, type Libxml2Issue } from './libxml2-output.js';
import type { LoadedSchemaSet } from './schema-imports.js';
import { SchemaStore } from './schema-store.js';
import type { SchemaIssue, SchemaResult, SchemaSession, SchemaValidator } from './schema-validator.js';

export interface Libxml2ValidatorOptions {
  /** Where the XSD sets are; default: a store with no `--schemas` folder (env, then user cache). */
  store?: SchemaStore;
  /** Largest message validated, in bytes (default 200 MiB). */
  maxBytes?: number;
  /** Distinct issues kept per message (default 1000). */
  maxIssues?: number;
  /** xmllint workers this validator runs at once (default: a per-process limit of one per CPU). */
  concurrency?: number;
  /** Stands in for xmllint-wasm's `validateXML` (tests simulate its failures with it). */
  validateXML?: typeof validateXML;
}

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;
export const DEFAULT_MAX_ISSUES = 1000;
const MESSAGE_FILE = 'message.xml';
const WASM_PAGE = 64 * 1024;
const MAX_PAGES = 65536;

/**
 * WebAssembly memory for a message of `size` bytes. Measured with ERN 4.3 (schema compiled: under
 * 17 MiB; a 5 MiB message needed 32 MiB, 20 MiB needed 88 MiB, 50 MiB needed between 128 and
 * 256 MiB): libxml2's tree costs 3 to 4 bytes per byte of XML, so 8 leaves room for denser messages.
 */
export function memoryPagesFor(size: number): number {
  return Math.min(MAX_PAGES, 512 + Math.ceil((size * 8) / WASM_PAGE));
}

/**
 * Validators made without a `concurrency` share one limit per process: each xmllint run is a worker
 * using a core and up to its memory pages, whichever request (server, batch) it serves.
 */
let shared: LimitFunction | null = null;
function sharedLimit(): LimitFunction {
  shared ??= pLimit(os.availableParallelism());
  return shared;
}

export class Libxml2Validator implements SchemaValidator {
  readonly name = 'libxml2';
  private readonly store: SchemaStore;
  private readonly maxBytes: number;
  private readonly maxIssues: number;
  private readonly limit: LimitFunction;
  private readonly validateXml: typeof validateXML;

  constructor(opts: Libxml2ValidatorOptions = {}) {
    // xmllint-wasm is loaded on first use: most runs use the compiled validator and never need it.
    this.validateXml = opts.validateXML ?? (async (...args) => (await import('xmllint-wasm')).validateXML(...args));
    this.store = opts.store ?? new SchemaStore();
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    this.maxIssues = opts.maxIssues ?? DEFAULT_MAX_ISSUES;
    this.limit = opts.concurrency ? pLimit(Math.max(1, opts.concurrency)) : sharedLimit();
  }

  async begin(version: ErnVersion | string): Promise<SchemaSession | string> {
    const location = this.store.locate(version);
    if (!location) {
      const where = this.store.roots().map((r) => r.root).join(', ');
      return `no XSD set for ERN ${version} (looked for ern-${version}/release-notification.xsd in ${where})`;
    }
    let schemas: LoadedSchemaSet;
    try {
      schemas = await this.store.load(version);
    } catch (error) {
      return `the ERN ${version} XSD set in ${location.dir} cannot be used: ${(error as Error).message}`;
    }
    return new Libxml2Session(schemas, location.dir, {
      maxBytes: this.maxBytes,
      maxIssues: this.maxIssues,
      limit: this.limit,
      validateXml: this.validateXml,
    });
  }
}

interface SessionSettings {
  maxBytes: number;
  maxIssues: number;
  limit: LimitFunction;
  validateXml: typeof validateXML;
}

class Libxml2Session implements SchemaSession {
  private chunks: Buffer[] = [];
  private result: Promise<SchemaResult> | undefined;
  private size = 0;
  private readonly elements = new ElementLineIndex();
  readonly listener = this.elements.listener;

  constructor(
    private readonly schemas: LoadedSchemaSet,
    private readonly schemaDir: string,
    private readonly settings: SessionSettings,
  ) {}

  onBytes(chunk: Buffer): void {
    if (this.result) return;
    this.size += chunk.length;
    if (this.size > this.settings.maxBytes) {
      if (this.chunks.length > 0) {
        this.chunks = [];
        this.elements.drop();
      }
      return;
    }
    this.chunks.push(chunk);
  }

  finish(): Promise<SchemaResult> {
    // The buffer is handed over once; a second call gets the same answer.
    this.result ??= this.validate();
    return this.result;
  }

  private async validate(): Promise<SchemaResult> {
    if (this.size > this.settings.maxBytes) {
      return skipped(
        `libxml2 cannot validate a message this large (${mib(this.size)} MiB, limit ${mib(this.settings.maxBytes)} MiB): it needs the whole message in memory; use the compiled validator`,
      );
    }
    if (this.size === 0) return skipped('libxml2 received no bytes of the message');
    const message = Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    const { bytes, transcodedFrom } = bytesForLibxml2(message);

    let pages = memoryPagesFor(bytes.length);
    for (let attempt = 1; ; attempt++) {
      const run = await this.settings.limit(() => this.run(bytes, pages));
      if (run.kind === 'done') {
        if (run.valid) return { outcome: 'valid', issues: [] };
        if (run.issues.length > 0) return this.invalid(run.issues, transcodedFrom);
      } else if (run.kind === 'failed' && !run.memory) {
        return skipped(run.reason);
      }
      // Out of memory, or "invalid" without a single error (how xmllint-wasm answers when it ran
      // short of memory): an internal failure, never a verdict.
      if (attempt >= 2) {
        return skipped(`libxml2 could not validate this ${mib(bytes.length)} MiB message (${pages} memory pages, ${run.kind === 'failed' ? run.reason : 'no error reported for an invalid answer'})`);
      }
      pages = Math.min(MAX_PAGES, pages * 4);
    }
  }

  private async run(bytes: Buffer, maxMemoryPages: number): Promise<RunOutcome> {
    try {
      const result = await this.settings.validateXml({
        xml: [{ fileName: MESSAGE_FILE, contents: bytes }],
        schema: [this.schemas.main],
        preload: this.schemas.imports,
        maxMemoryPages,
      });
      if (result.valid) return { kind: 'done', valid: true, issues: [] };
      return { kind: 'done', valid: false, issues: parseXmllintOutput(result.rawOutput, MESSAGE_FILE) };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const text = String((error as Error).message ?? error);
      // xmllint's exit code 9 is "out of memory"; a worker can also die of a RangeError.
      const memory = code === 9 || /memory|RangeError/i.test(text) || error instanceof RangeError;
      if (code === 5) return { kind: 'failed', memory: false, reason: `the XSD set in ${this.schemaDir} does not compile with libxml2: ${firstLine(text)}` };
      return { kind: 'failed', memory, reason: `xmllint failed${typeof code === 'number' ? ` (exit code ${code})` : ''}: ${firstLine(text)}` };
    }
  }

  private invalid(found: Libxml2Issue[], transcodedFrom: string | undefined): SchemaResult {
    const kept = found.slice(0, this.settings.maxIssues);
    const issues: SchemaIssue[] = kept.map((issue) => ({
      message: issue.message,
      line: issue.line,
      column: null,
      path: this.elements.pathFor(issue.line, issue.element),
    }));
    const notes: string[] = [];
    if (found.length > kept.length) notes.push(`${found.length - kept.length} more distinct issues not listed (first ${kept.length} kept)`);
    if (transcodedFrom) notes.push(`the message was transcoded from ${transcodedFrom} to UTF-8 for libxml2`);
    return notes.length > 0 ? { outcome: 'invalid', issues, note: notes.join('; ') } : { outcome: 'invalid', issues };
  }
}

type RunOutcome = { kind: 'done'; valid: boolean; issues: Libxml2Issue[] } | { kind: 'failed'; memory: boolean; reason: string };

function skipped(note: string): SchemaResult {
  return { outcome: 'skipped', issues: [], note };
}

function mib(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 300) ?? '';
}
