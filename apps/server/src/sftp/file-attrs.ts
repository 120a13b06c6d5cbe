/** SFTP attributes and `ls -l` lines of the inbox's files and folders (owner shown as the login, never the server's users). */
import type fs from 'node:fs';
import type ssh2 from 'ssh2';

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function attrsOf(s: fs.Stats): ssh2.Attributes {
  const mode = s.isDirectory() ? S_IFDIR | 0o750 : S_IFREG | 0o640;
  return { mode, uid: 0, gid: 0, size: s.isDirectory() ? 0 : s.size, atime: Math.floor(s.atimeMs / 1000), mtime: Math.floor(s.mtimeMs / 1000) };
}

export function dirAttrs(): ssh2.Attributes {
  const t = Math.floor(Date.now() / 1000);
  return { mode: S_IFDIR | 0o750, uid: 0, gid: 0, size: 0, atime: t, mtime: t };
}

function longname(name: string, a: ssh2.Attributes): string {
  const dir = (a.mode & S_IFDIR) === S_IFDIR;
  const d = new Date(a.mtime * 1000);
  const when = `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${dir ? 'drwxr-x---' : '-rw-r-----'}    1 ddex     ddex     ${String(a.size).padStart(12, ' ')} ${when} ${name}`;
}

export function entryOf(name: string, attrs: ssh2.Attributes): ssh2.FileEntry {
  return { filename: name, longname: longname(name, attrs), attrs };
}
