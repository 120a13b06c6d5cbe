/**
 * What the pass answers (its result, its failures, the root it found), apart from the pass itself
 * so that its event feed, the parse thread and the readers can name them without importing it.
 */
import type { SchemaResult } from './schema-result.js';

export interface RootInfo {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  line: number;
  column: number;
}

export interface PassFailure {
  message: string;
  line: number | null;
  column: number | null;
  /**
   * `encoding`, `doctype` (entities / external DTD refused), `syntax`, `depth` (nested deeper than
   * MAX_DEPTH), `names` (more than MAX_NAMES different names), `paths` (more than MAX_PATHS
   * different element paths), `empty`, `read` (the bytes could not be read).
   */
  kind: 'encoding' | 'doctype' | 'syntax' | 'depth' | 'names' | 'paths' | 'empty' | 'read';
}

export interface ListenerFailure {
  listener: string;
  error: string;
  line: number;
  column: number;
  path: string;
}

export interface PassResult {
  root: RootInfo | null;
  /** Why the message is not well-formed XML; null when it is. */
  fatal: PassFailure | null;
  listenerFailures: ListenerFailure[];
  bytes: number;
  elements: number;
  /** The parse thread's schema result, when it was given `PassSetup.threadSchema` and the message was read to its end. */
  schema?: SchemaResult;
}
