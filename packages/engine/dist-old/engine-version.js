/** The engine's version, shown in every report. */
import { createRequire } from 'node:module';
export const ENGINE_VERSION = createRequire(import.meta.url)('../package.json').version;
//# sourceMappingURL=engine-version.js.map