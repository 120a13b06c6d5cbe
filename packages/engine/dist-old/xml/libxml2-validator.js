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
import pLimit from 'p-limit';
import { validateXML } from 'xmllint-wasm';
import { ElementLineIndex } from './libxml2-element-index.js';
import { bytesForLibxml2 } from './libxml2-encoding.js';
import { parseXmllintOutput } from './libxml2-output.js';
import { SchemaStore } from './schema-store.js';
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
export function memoryPagesFor(size) {
    return Math.min(MAX_PAGES, 512 + Math.ceil((size * 8) / WASM_PAGE));
}
/**
 * Validators made without a `concurrency` share one limit per process: each xmllint run is a worker
 * using a core and up to its memory pages, whichever request (server, batch) it serves.
 */
let shared = null;
function sharedLimit() {
    shared ??= pLimit(os.availableParallelism());
    return shared;
}
export class Libxml2Validator {
    name = 'libxml2';
    store;
    maxBytes;
    maxIssues;
    limit;
    validateXml;
    constructor(opts = {}) {
        this.validateXml = opts.validateXML ?? validateXML;
        this.store = opts.store ?? new SchemaStore();
        this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
        this.maxIssues = opts.maxIssues ?? DEFAULT_MAX_ISSUES;
        this.limit = opts.concurrency ? pLimit(Math.max(1, opts.concurrency)) : sharedLimit();
    }
    async begin(version) {
        const location = this.store.locate(version);
        if (!location) {
            const where = this.store.roots().map((r) => r.root).join(', ');
            return `no XSD set for ERN ${version} (looked for ern-${version}/release-notification.xsd in ${where})`;
        }
        let schemas;
        try {
            schemas = await this.store.load(version);
        }
        catch (error) {
            return `the ERN ${version} XSD set in ${location.dir} cannot be used: ${error.message}`;
        }
        return new Libxml2Session(schemas, location.dir, {
            maxBytes: this.maxBytes,
            maxIssues: this.maxIssues,
            limit: this.limit,
            validateXml: this.validateXml,
        });
    }
}
class Libxml2Session {
    schemas;
    schemaDir;
    settings;
    chunks = [];
    result;
    size = 0;
    elements = new ElementLineIndex();
    listener = this.elements.listener;
    constructor(schemas, schemaDir, settings) {
        this.schemas = schemas;
        this.schemaDir = schemaDir;
        this.settings = settings;
    }
    onBytes(chunk) {
        if (this.result)
            return;
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
    finish() {
        // The buffer is handed over once; a second call gets the same answer.
        this.result ??= this.validate();
        return this.result;
    }
    async validate() {
        if (this.size > this.settings.maxBytes) {
            return skipped(`libxml2 cannot validate a message this large (${mib(this.size)} MiB, limit ${mib(this.settings.maxBytes)} MiB): it needs the whole message in memory; use the compiled validator`);
        }
        if (this.size === 0)
            return skipped('libxml2 received no bytes of the message');
        const message = Buffer.concat(this.chunks, this.size);
        this.chunks = [];
        const { bytes, transcodedFrom } = bytesForLibxml2(message);
        let pages = memoryPagesFor(bytes.length);
        for (let attempt = 1;; attempt++) {
            const run = await this.settings.limit(() => this.run(bytes, pages));
            if (run.kind === 'done') {
                if (run.valid)
                    return { outcome: 'valid', issues: [] };
                if (run.issues.length > 0)
                    return this.invalid(run.issues, transcodedFrom);
            }
            else if (run.kind === 'failed' && !run.memory) {
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
    async run(bytes, maxMemoryPages) {
        try {
            const result = await this.settings.validateXml({
                xml: [{ fileName: MESSAGE_FILE, contents: bytes }],
                schema: [this.schemas.main],
                preload: this.schemas.imports,
                maxMemoryPages,
            });
            if (result.valid)
                return { kind: 'done', valid: true, issues: [] };
            return { kind: 'done', valid: false, issues: parseXmllintOutput(result.rawOutput, MESSAGE_FILE) };
        }
        catch (error) {
            const code = error.code;
            const text = String(error.message ?? error);
            // xmllint's exit code 9 is "out of memory"; a worker can also die of a RangeError.
            const memory = code === 9 || /memory|RangeError/i.test(text) || error instanceof RangeError;
            if (code === 5)
                return { kind: 'failed', memory: false, reason: `the XSD set in ${this.schemaDir} does not compile with libxml2: ${firstLine(text)}` };
            return { kind: 'failed', memory, reason: `xmllint failed${typeof code === 'number' ? ` (exit code ${code})` : ''}: ${firstLine(text)}` };
        }
    }
    invalid(found, transcodedFrom) {
        const kept = found.slice(0, this.settings.maxIssues);
        const issues = kept.map((issue) => ({
            message: issue.message,
            line: issue.line,
            column: null,
            path: this.elements.pathFor(issue.line, issue.element),
        }));
        const notes = [];
        if (found.length > kept.length)
            notes.push(`${found.length - kept.length} more distinct issues not listed (first ${kept.length} kept)`);
        if (transcodedFrom)
            notes.push(`the message was transcoded from ${transcodedFrom} to UTF-8 for libxml2`);
        return notes.length > 0 ? { outcome: 'invalid', issues, note: notes.join('; ') } : { outcome: 'invalid', issues };
    }
}
function skipped(note) {
    return { outcome: 'skipped', issues: [], note };
}
function mib(bytes) {
    return (bytes / (1024 * 1024)).toFixed(1);
}
function firstLine(text) {
    return text.split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 300) ?? '';
}
//# sourceMappingURL=libxml2-validator.js.map