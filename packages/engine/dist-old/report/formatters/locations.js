/**
 * Where a check is, as a path a person or a CI system can open: a message inside a folder is the
 * folder joined with the file; inside a zip it is the zip itself (the entry is named separately).
 */
import path from 'node:path';
const toPosix = (p) => p.split(path.sep).join('/');
function relative(cwd, p) {
    if (!path.isAbsolute(p))
        return toPosix(p);
    const rel = path.relative(cwd, p);
    // Outside the working folder a relative path (`../../x`) is harder to read than the absolute one.
    if (rel === '')
        return '.';
    return toPosix(rel.startsWith('..') ? p : rel);
}
/** What kind of input a report came from, judged from its source name. */
export function sourceKind(report) {
    const lower = report.source.toLowerCase();
    if (lower.endsWith('.zip'))
        return 'zip';
    if (lower.endsWith('.xml'))
        return 'xml';
    return 'folder';
}
export function displaySource(report, cwd) {
    return relative(cwd, report.source);
}
export function locateFile(report, file, cwd) {
    const source = displaySource(report, cwd);
    const kind = sourceKind(report);
    if (file === '' || kind === 'xml')
        return { path: source };
    if (kind === 'zip')
        return { path: source, entry: file };
    return { path: source === '.' ? file : `${source.replace(/\/$/, '')}/${file}` };
}
export function locateCheck(report, check, cwd) {
    return locateFile(report, check.file, cwd);
}
//# sourceMappingURL=locations.js.map