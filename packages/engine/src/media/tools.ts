/**
 * Finds the ffprobe and ffmpeg binaries: `FFPROBE_PATH` / `FFMPEG_PATH`, then the npm-shipped
 * binaries (@ffprobe-installer/ffprobe, @ffmpeg-installer/ffmpeg), then `PATH`. When none is
 * found the caller gets the reason and an install hint, so checks needing it are `skipped`.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type ToolName = 'ffprobe' | 'ffmpeg';

export type ToolLocation = { found: true; path: string; from: 'env' | 'npm' | 'PATH' } | { found: false; reason: string };

const ENV: Record<ToolName, string> = { ffprobe: 'FFPROBE_PATH', ffmpeg: 'FFMPEG_PATH' };
const NPM: Record<ToolName, string> = { ffprobe: '@ffprobe-installer/ffprobe', ffmpeg: '@ffmpeg-installer/ffmpeg' };

export interface LocateSources {
  env?: NodeJS.ProcessEnv;
  /** Path of the npm-shipped binary, or null when the package is absent for this platform. */
  npmPath?: string | null;
}

function executable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function shippedPath(name: ToolName): string | null {
  try {
    const required = createRequire(import.meta.url)(NPM[name]) as { path?: string };
    return required.path ?? null;
  } catch {
    return null; // the package has no binary for this platform, or is not installed
  }
}

export function installHint(name: ToolName): string {
  return `install ${name} (e.g. "apt-get install ffmpeg", "brew install ffmpeg", or "npm install ${NPM[name]}") or set ${ENV[name]} to its path`;
}

/** Pure lookup (the sources can be injected for tests). */
export function locateTool(name: ToolName, sources: LocateSources = {}): ToolLocation {
  const env = sources.env ?? process.env;
  const fromEnv = env[ENV[name]];
  if (fromEnv) {
    if (executable(fromEnv)) return { found: true, path: fromEnv, from: 'env' };
    return { found: false, reason: `${ENV[name]} is set to "${fromEnv}", which is not an executable file; fix it or unset it (${installHint(name)})` };
  }
  const shipped = sources.npmPath === undefined ? shippedPath(name) : sources.npmPath;
  if (shipped && executable(shipped)) return { found: true, path: shipped, from: 'npm' };
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, exe))) return { found: true, path: path.join(dir, exe), from: 'PATH' };
  }
  return { found: false, reason: `${name} was not found; ${installHint(name)}` };
}

const cache = new Map<string, ToolLocation>();

/** Cached per process and per environment value, so a test can point FFPROBE_PATH elsewhere. */
export function findTool(name: ToolName): ToolLocation {
  const key = `${name}\0${process.env[ENV[name]] ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    found = locateTool(name);
    cache.set(key, found);
  }
  return found;
}
