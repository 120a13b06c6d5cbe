/**
 * How long the names a partner gives may be, in bytes of UTF-8 (what the disk counts), checked
 * when a name is created, so that nothing the server later derives from it fails on disk: every
 * name fits the file systems' 255 bytes, a path fits well inside PATH_MAX whatever the data
 * directory, a `/production` batch folder fits its zip (`<batch>.zip`), and a `/test` entry fits
 * its reports (`<base>.report.json`). A job would otherwise fail on the name, again at each attempt.
 */
import { isTestableFile, reportBase, type Area } from './inbox-tree.js';

/** NAME_MAX of Linux file systems (ext4, xfs, btrfs, tmpfs) and of macOS's APFS. */
export const NAME_MAX_BYTES = 255;
/** A client path, `/production/…`: PATH_MAX (4096) leaves the rest to the data directory. */
export const PATH_MAX_BYTES = 1024;
const REPORT_SUFFIX = '.report.json';
const ZIP_SUFFIX = '.zip';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** Why a path cannot be used at all (a name or the whole path too long), or null. */
export function pathTooLong(virtual: string, parts: string[]): string | null {
  for (const part of parts) {
    if (bytes(part) > NAME_MAX_BYTES) return `"${shorten(part)}" is ${bytes(part)} bytes long: a name can be at most ${NAME_MAX_BYTES} bytes (UTF-8)`;
  }
  if (bytes(virtual) > PATH_MAX_BYTES) return `the path is ${bytes(virtual)} bytes long: a path can be at most ${PATH_MAX_BYTES} bytes (UTF-8)`;
  return null;
}

/** The longest name, in bytes, a top entry of `area` may have (what the server writes from it must fit too). */
export function longestTopName(area: Area, name: string, kind: 'file' | 'folder'): number {
  if (area === 'production') return kind === 'folder' ? NAME_MAX_BYTES - ZIP_SUFFIX.length : NAME_MAX_BYTES;
  if (kind === 'file' && !isTestableFile(name)) return NAME_MAX_BYTES;
  // The reports' base is the name without .xml/.zip for a file, the whole name for a folder.
  return NAME_MAX_BYTES - REPORT_SUFFIX.length + (bytes(name) - bytes(reportBase(name, kind)));
}

/** Why the top entry `name` of `area` cannot be created as `kind`, or null. */
export function topNameTooLong(area: Area, name: string, kind: 'file' | 'folder'): string | null {
  const most = longestTopName(area, name, kind);
  if (bytes(name) <= most) return null;
  const why =
    area === 'production'
      ? `a batch folder's name can be at most ${most} bytes (UTF-8), as its import stores it as <name>${ZIP_SUFFIX} within the ${NAME_MAX_BYTES}-byte limit of a file name`
      : `a /test ${kind === 'folder' ? 'batch folder' : 'file'}'s name can be at most ${most} bytes (UTF-8), as its report <name>${REPORT_SUFFIX} must fit the ${NAME_MAX_BYTES}-byte limit of a file name`;
  return `"${shorten(name)}" is ${bytes(name)} bytes long: ${why}`;
}

/** A long name in a message: its start and end. */
function shorten(name: string): string {
  return name.length <= 60 ? name : `${name.slice(0, 28)}…${name.slice(-28)}`;
}
