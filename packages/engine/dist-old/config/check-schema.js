/**
 * Runs ajv on a config value and turns its first error into one ConfigFileError that names the key
 * at fault (`profile.artwork.minPixels`) and says what is expected, in plain words.
 */
import { Ajv } from 'ajv';
import { ConfigFileError } from './errors.js';
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
const compiled = new Map();
function keyOf(instancePath, prefix) {
    const parts = instancePath
        .split('/')
        .slice(1)
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    return [prefix, ...parts].filter(Boolean).join('.');
}
const TYPE_WORDS = {
    string: 'a string',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
    object: 'an object',
    array: 'an array',
};
function describe(error, prefix) {
    const key = keyOf(error.instancePath, prefix);
    const p = error.params;
    switch (error.keyword) {
        case 'additionalProperties': {
            const known = Object.keys(error.parentSchema?.properties ?? {}).filter((k) => k !== '$schema');
            return { key: [key, String(p.additionalProperty)].filter(Boolean).join('.'), message: `unknown key (known keys: ${known.join(', ')})` };
        }
        case 'enum':
            return { key, message: `must be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}, not ${JSON.stringify(error.data)}` };
        case 'type':
            return { key, message: `must be ${TYPE_WORDS[String(p.type)] ?? String(p.type)}, not ${JSON.stringify(error.data)}` };
        case 'propertyNames':
        case 'pattern': {
            // ajv names the offending property on the error (pattern) or in params (propertyNames).
            const name = error.propertyName ?? p.propertyName;
            if (!name)
                return { key, message: error.message ?? 'does not match the expected pattern' };
            return { key: [key, String(name)].join('.'), message: 'is not a rule id (kebab-case, like codes-isrc-syntax)' };
        }
        default:
            return { key, message: error.message ?? error.keyword };
    }
}
/** The error to show: the deepest one (most precise place), skipping the summary errors of `oneOf`. */
function pick(errors) {
    const concrete = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if');
    const pool = concrete.length > 0 ? concrete : errors;
    return pool.reduce((best, e) => (e.instancePath.length > best.instancePath.length ? e : best), pool[0]);
}
export function checkAgainst(name, schema, value, file, prefix) {
    let validate = compiled.get(name);
    if (!validate)
        compiled.set(name, (validate = ajv.compile(schema)));
    if (validate(value))
        return;
    const errors = validate.errors ?? [];
    // A rule setting is a oneOf of two shapes; one sentence says both instead of ajv's two errors.
    const ruleError = errors.find((e) => /^\/rules\/[^/]+/.test(e.instancePath) && e.keyword !== 'propertyNames');
    if (ruleError && prefix === '') {
        const id = ruleError.instancePath.split('/')[2].replace(/~1/g, '/').replace(/~0/g, '~');
        throw new ConfigFileError('must be "error", "warn", "info" or "off", or [severity, {options}]', file, `rules.${id}`);
    }
    const { key, message } = describe(pick(errors), prefix);
    throw new ConfigFileError(message, file, key);
}
//# sourceMappingURL=check-schema.js.map