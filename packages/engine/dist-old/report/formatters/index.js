/** The formatters, by `--format` name: one file each, one signature `(reports, ctx) => string`. */
import { github } from './github.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { text } from './text.js';
export const FORMATTERS = { text, json, junit, sarif, github };
export const FORMAT_NAMES = Object.keys(FORMATTERS);
export function formatterFor(name) {
    return Object.hasOwn(FORMATTERS, name) ? FORMATTERS[name] : undefined;
}
export { FAIL_ON, reportFails, checkFails, isFinding, verdictRank } from './threshold.js';
export { locateFile, sourceKind, displaySource } from './locations.js';
//# sourceMappingURL=index.js.map