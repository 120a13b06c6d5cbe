/**
 * JSON Schema of `ddex-check.config.json` (draft-07, checked with ajv). This object is the source;
 * `schemas/config.schema.json` is the same schema written out for editors (a test keeps them equal).
 */
const severity = { enum: ['error', 'warn', 'info', 'off'] };
const strings = { type: 'array', items: { type: 'string', minLength: 1 } };
const integers = { type: 'array', items: { type: 'integer', minimum: 1 } };
const positive = { type: 'number', exclusiveMinimum: 0 };
/** A partial service profile: every key optional, merged over the default profile. */
export const PROFILE_SCHEMA = {
    type: 'object',
    additionalProperties: false,
    properties: {
        $schema: { type: 'string' },
        name: { type: 'string', minLength: 1 },
        artwork: {
            type: 'object',
            additionalProperties: false,
            properties: {
                formats: strings,
                minPixels: { type: 'integer', minimum: 1 },
                recommendedPixels: { type: 'integer', minimum: 1 },
                maxBytes: { type: 'integer', minimum: 1 },
                square: { type: 'boolean' },
                colorSpaces: strings,
            },
        },
        audio: {
            type: 'object',
            additionalProperties: false,
            properties: {
                formats: strings,
                bitDepths: integers,
                minSampleRate: { type: 'integer', minimum: 1 },
                channels: integers,
                durationToleranceSeconds: { type: 'number', minimum: 0 },
            },
        },
        video: {
            type: 'object',
            additionalProperties: false,
            properties: {
                containers: strings,
                videoCodecs: strings,
                audioCodecs: strings,
                minWidth: { type: 'integer', minimum: 1 },
                minHeight: { type: 'integer', minimum: 1 },
                minFrameRate: positive,
                maxFrameRate: positive,
            },
        },
        genres: { type: 'array', items: { type: 'string' } },
        territories: strings,
    },
};
export const CONFIG_SCHEMA = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'config.schema.json',
    title: 'ddex-check configuration (ddex-check.config.json)',
    description: 'Found in the working folder or a parent, or given with --config. Relative paths (schemas, catalog) are relative to the file.',
    type: 'object',
    additionalProperties: false,
    properties: {
        $schema: { type: 'string', description: 'Path or URL of this schema, for editors.' },
        extends: { enum: ['ddex:recommended', 'ddex:strict'], description: 'Preset the rules start from (default ddex:recommended).' },
        rules: {
            type: 'object',
            description: 'Severity by rule id: a word, or [word, options].',
            propertyNames: { pattern: '^[a-z0-9]+(-[a-z0-9]+)+$' },
            additionalProperties: {
                oneOf: [
                    severity,
                    { type: 'array', minItems: 2, maxItems: 2, items: [severity, { type: 'object' }] },
                ],
            },
        },
        profile: { ...PROFILE_SCHEMA, description: 'The service profile, merged over the default profile.' },
        schemas: { type: 'string', minLength: 1, description: 'Folder of DDEX XSD sets laid out ern-<version>/…' },
        catalog: { type: 'string', minLength: 1, description: 'JSON catalog export: {memberId, releases:[…], recordings:[…]}.' },
    },
};
//# sourceMappingURL=schema.js.map