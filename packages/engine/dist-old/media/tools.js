/**
 * Finds the ffprobe and ffmpeg binaries: `FFPROBE_PATH` / `FFMPEG_PATH`, then the npm-shipped
 * binaries (@ffprobe-installer/ffprobe, @ffmpeg-installer/ffmpeg), then `PATH`. When none is
 * found the caller gets the reason and an install hint, so checks needing it are `skipped`.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
const ENV = { ffprobe: 'FFPROBE_PATH', ffmpeg: 'FFMPEG_PATH' };
const NPM = { ffprobe: '@ffprobe-installer/ffprobe', ffmpeg: '@ffmpeg-installer/ffmpeg' };
function executable(file) {
    try {
        if (!statSync(file).isFile())
            return false;
        accessSync(file, constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
function shippedPath(name) {
    try {
        const required = createRequire(import.meta.url)(NPM[name]);
        return required.path ?? null;
    }
    catch {
        return null; // the package has no binary for this platform, or is not installed
    }
}
export function installHint(name) {
    return `install ${name} (e.g. "apt-get install ffmpeg", "brew install ffmpeg", or "npm install ${NPM[name]}") or set ${ENV[name]} to its path`;
}
/** Pure lookup (the sources can be injected for tests). */
export function locateTool(name, sources = {}) {
    const env = sources.env ?? process.env;
    const fromEnv = env[ENV[name]];
    if (fromEnv) {
        if (executable(fromEnv))
            return { found: true, path: fromEnv, from: 'env' };
        return { found: false, reason: `${ENV[name]} is set to "${fromEnv}", which is not an executable file; fix it or unset it (${installHint(name)})` };
    }
    const shipped = sources.npmPath === undefined ? shippedPath(name) : sources.npmPath;
    if (shipped && executable(shipped))
        return { found: true, path: shipped, from: 'npm' };
    const exe = process.platform === 'win32' ? `${name}.exe` : name;
    for (const dir of (env.PATH ?? '').split(path.delimiter)) {
        if (dir && executable(path.join(dir, exe)))
            return { found: true, path: path.join(dir, exe), from: 'PATH' };
    }
    return { found: false, reason: `${name} was not found; ${installHint(name)}` };
}
const cache = new Map();
/** Cached per process and per environment value, so a test can point FFPROBE_PATH elsewhere. */
export function findTool(name) {
    const key = `${name}\0${process.env[ENV[name]] ?? ''}`;
    let found = cache.get(key);
    if (!found) {
        found = locateTool(name);
        cache.set(key, found);
    }
    return found;
}
//# sourceMappingURL=tools.js.map