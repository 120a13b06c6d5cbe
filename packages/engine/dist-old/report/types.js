/**
 * The report: the same object everywhere (engine result, CLI `--format json` element, the API's
 * `data`, the SFTP `.report.json`). Its JSON Schema is `schemas/report.schema.json`.
 */
export const STAGES = [
    'package',
    'xml',
    'release',
    'codes',
    'genres',
    'territories',
    'deals',
    'audio',
    'artwork',
    'video',
];
/** Worst last; `verdictRank` orders them. */
export const VERDICTS = [
    'would_import',
    'would_import_with_warnings',
    'would_be_flagged',
    'would_be_rejected',
];
//# sourceMappingURL=types.js.map