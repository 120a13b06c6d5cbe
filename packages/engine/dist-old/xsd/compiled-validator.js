import { defaultCompiledCacheDir, loadCompiledSet } from './compiled-cache.js';
import { SchemaStore } from '../xml/schema-store.js';
import { ValidationSession } from './validation-session.js';
export class CompiledValidator {
    name = 'compiled';
    locate;
    cacheDir;
    identityConstraints;
    constructor(options = {}) {
        const store = new SchemaStore({ dir: options.dir });
        this.locate = options.locate ?? ((version) => store.locate(version));
        this.cacheDir = options.cacheDir === undefined ? defaultCompiledCacheDir() : options.cacheDir;
        this.identityConstraints = options.identityConstraints ?? true;
    }
    begin(version, _root) {
        const location = this.locate(version);
        if (!location) {
            return `no XSD set for ERN ${version} found; ${SchemaStore.installHint(version)}`;
        }
        let loaded;
        try {
            loaded = loadCompiledSet(location.mainFile, this.cacheDir);
        }
        catch (err) {
            return `the XSD set for ERN ${version} could not be compiled: ${err.message}`;
        }
        const session = new ValidationSession(loaded.set, loaded.checker, { identityConstraints: this.identityConstraints });
        return { listener: session.listener, finish: async () => session.finish() };
    }
}
//# sourceMappingURL=compiled-validator.js.map