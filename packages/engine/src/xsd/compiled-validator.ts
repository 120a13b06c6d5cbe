/**
 * The engine's default SchemaValidator: DDEX XSD sets compiled once into automata and checkers,
 * validating on the events of the one saxes pass (no buffering, every error located).
 * libxml2 (xmllint-wasm) stays available as the reference implementation.
 */
import type { ErnVersion } from '../ern/model.js';
import type { SchemaSession, SchemaValidator } from '../xml/schema-validator.js';
import { defaultCompiledCacheDir } from './compiled-cache.js';
import { SchemaStore } from '../xml/schema-store.js';
import type { XsdSetLocation } from './schema-files.js';
import { openSession, type SchemaThreadTask } from './open-session.js';

export interface CompiledValidatorOptions {
  /** `--schemas DIR`: folder of XSD sets laid out `ern-<version>/…`, searched before `DDEX_SCHEMAS_DIR` and the user cache. */
  dir?: string;
  /** Finds the XSD set of a version; replaces the SchemaStore lookup. */
  locate?: (version: string) => XsdSetLocation | null;
  /** Where compiled sets are cached on disk; null disables the disk cache. */
  cacheDir?: string | null;
  /** Check xs:ID uniqueness and xs:IDREF resolution (default true; libxml2 skips them on element content). */
  identityConstraints?: boolean;
}

export class CompiledValidator implements SchemaValidator {
  readonly name = 'compiled';
  private readonly locate: (version: string) => XsdSetLocation | null;
  private readonly cacheDir: string | null;
  private readonly identityConstraints: boolean;

  constructor(options: CompiledValidatorOptions = {}) {
    const store = new SchemaStore({ dir: options.dir });
    this.locate = options.locate ?? ((version) => store.locate(version));
    this.cacheDir = options.cacheDir === undefined ? defaultCompiledCacheDir() : options.cacheDir;
    this.identityConstraints = options.identityConstraints ?? true;
  }

  begin(version: ErnVersion | string, _root: { ns: string; name: string }): SchemaSession | string {
    const task = this.threadTask(version);
    if (typeof task === 'string') return task;
    const session = openSession(task);
    if (typeof session === 'string') return session;
    return { listener: session.listener, finish: async () => session.finish() };
  }

  /**
   * What the parse thread needs to validate a message of `version` on its own side
   * (xml/parse-worker.ts), or why it cannot be validated. The thread compiles or loads the set
   * itself (from the disk cache when there is one).
   */
  threadTask(version: ErnVersion | string): SchemaThreadTask | string {
    const location = this.locate(version);
    if (!location) return `no XSD set for ERN ${version} found; ${SchemaStore.installHint(version)}`;
    return { version, mainFile: location.mainFile, cacheDir: this.cacheDir, identityConstraints: this.identityConstraints };
  }
}
