/** Config files, profiles from JSON and their JSON Schemas, for the CLI (and anyone embedding the engine). */
export { CONFIG_FILE_NAME, findConfigFile, loadConfigFile, configFromValue, checkRuleSettings } from './load.js';
export { mergeProfile, loadProfileFile } from './profile.js';
export { CONFIG_SCHEMA, PROFILE_SCHEMA } from './schema.js';
export { ConfigFileError } from './errors.js';
//# sourceMappingURL=index.js.map