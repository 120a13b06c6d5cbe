/**
 * Schema validation behind one interface, so that libxml2 (xmllint-wasm, the reference) and the
 * compiled streaming validator are interchangeable. A session is opened when the root element of a
 * message is seen (the version is known then) and receives both the raw bytes and the events of
 * the one pass; a buffering implementation uses the bytes, a streaming one the events.
 */
import type { ErnVersion } from '../ern/model.js';
import type { XmlListener } from './events.js';
import type { SchemaThreadTask } from '../xsd/open-session.js';
import type { SchemaResult } from './schema-result.js';

export type { SchemaIssue, SchemaResult } from './schema-result.js';

export interface SchemaSession {
  /** Raw bytes of the message, in order, from its first byte (those before the root are replayed). */
  onBytes?(chunk: Buffer): void;
  /** Events of the pass (from the root element's open on). */
  listener?: XmlListener;
  finish(): Promise<SchemaResult>;
}

export interface SchemaValidator {
  /** `libxml2` or `compiled`. */
  readonly name: string;
  /** Opens a session, or returns a reason string when this version cannot be validated (no schema). */
  begin(version: ErnVersion, root: { ns: string; name: string }): Promise<SchemaSession | string> | SchemaSession | string;
  /**
   * A validator that can run on the parse thread (the compiled one) gives the thread its task
   * (plain data), or why the version cannot be validated; the thread's result comes back with the
   * pass (`PassResult.thread`).
   */
  threadTask?(version: ErnVersion): SchemaThreadTask | string;
  close?(): Promise<void>;
}
