/** Config files, profiles from JSON and their JSON Schemas, for the CLI (and anyone embedding the engine). */
export { CONFIG_FILE_NAME, findConfigFile, loadConfigFile, configFromValue, checkRuleSettings, type LoadedConfig, type KnownRule } from './load.js';
export { mergeProfile, loadProfileFile, type PartialProfile } from './profile.js';
export { CONFIG_SCHEMA, PROFILE_SCHEMA } from './schema.js';
export { ConfigFileError } from './errors.js';
//# sourceMappingURL=index.d.ts.map