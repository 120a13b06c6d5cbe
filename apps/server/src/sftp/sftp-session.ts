/**
 * One SFTP session of a login: the protocol's requests answered on the account's inbox tree. Only
 * `/production` and `/test` exist; every path goes through `resolveClientPath` (no `..` above the
 * root, no other top folder, no symlinks: never created, never followed). Files are written straight
 * to disk at the offsets the client gives (out of order, many requests in flight), never gathered in
 * memory, within the write window (`written-file`: the inbox holds no more than the client sent);
 * closing a written file is when `fileArrived` decides what it means (a marker, a test, a ping).
 * Names are checked for length when created (`name-limits`). A sealed batch, and a processed
 * `/production` batch while its folder is kept (with its ACK files), take no change.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Kysely } from 'kysely';
import ssh2, { type SFTPWrapper } from 'ssh2';
import type { Database } from '../db/schema.js';
import { InboxTree, isReportName, PathRefused, resolveClientPath, type InboxPath } from './inbox-tree.js';
import { fileArrived, isSealed, keptBatch, keptFolderGone, type Uploader } from './arrivals.js';
import { isAckName } from './acknowledgement.js';
import { SFTP_RETENTION_DAYS } from './retention.js';
import { attrsOf, dirAttrs, entryOf } from './file-attrs.js';
import { Refused, statusOf } from './sftp-status.js';
import { closedForWrite, openingForWrite } from './open-files.js';
import { abandon, openedFile, settle, writeAt, type FileHandle, type WriteLimits } from './written-file.js';
import { pathTooLong, topNameTooLong } from './name-limits.js';
import { now } from '../clock.js';
import { sftpBytes } from '../ops/metrics.js';

const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;
type Entry = InboxPath & { kind: 'entry' };

interface DirHandle {
  kind: 'dir';
  entries: ssh2.FileEntry[];
}

export interface SessionOptions extends WriteLimits {
  db: Kysely<Database>;
  tree: InboxTree;
  who: Uploader;
  log: { warn(obj: object, msg: string): void };
}

const MAX_HANDLES = 512;

export function serveSftp(sftp: SFTPWrapper, o: SessionOptions): void {
  const handles = new Map<number, FileHandle | DirHandle>();
  let nextHandle = 1;
  const accountId = o.who.accountId;
  const disk = (p: InboxPath) => o.tree.diskPath(accountId, p);

  const resolve = (given: string, forWriting: boolean): InboxPath => {
    let p: InboxPath;
    try {
      p = resolveClientPath(given);
    } catch (error) {
      if (!(error instanceof PathRefused)) throw error;
      if (error.code === 'missing' && !forWriting) throw new Refused(STATUS_CODE.NO_SUCH_FILE, error.message);
      throw new Refused(STATUS_CODE.PERMISSION_DENIED, forWriting && error.code === 'missing' ? `${error.message}; put batches in /production/<batch>/ and tests in /test/` : error.message);
    }
    const tooLong = p.kind === 'entry' ? pathTooLong(p.virtual, p.parts) : null;
    if (tooLong) throw new Refused(STATUS_CODE.FAILURE, tooLong);
    return p;
  };

  /**
   * Why the processed `/production` batch `name` takes no change (its folder is kept, read-only, with
   * its acknowledgements until retention removes it), or null. A kept folder removed by other means frees its name.
   */
  const processedRefusal = async (name: string): Promise<string | null> => {
    const kept = await keptBatch(o.db, accountId, name);
    if (!kept) return null;
    const folder = disk({ kind: 'entry', virtual: `/production/${name}`, area: 'production', parts: [name] });
    if (!(await fsp.lstat(folder).then(() => true, () => false))) {
      await keptFolderGone(o.db, kept.id);
      return null;
    }
    const removal = kept.acknowledged_at ? `on ${new Date(Date.parse(kept.acknowledged_at) + SFTP_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10)}` : `${SFTP_RETENTION_DAYS} days after its acknowledgements are written`;
    return `/production/${name} was processed${kept.delivery_id ? ` (delivery ${kept.delivery_id})` : ''} and is read-only: its acknowledgements (ACK_*.xml) are written beside its messages, and the folder is removed ${removal}. Send anything else as a new batch in a folder with a new name`;
  };

  /** A path something may be written at: inside an area, in a folder of its own under /production, not a report, not in a sealed batch. */
  const writablePath = async (given: string, what: 'file' | 'folder' | 'change'): Promise<Entry> => {
    const p = resolve(given, true);
    if (p.kind !== 'entry') throw new Refused(STATUS_CODE.PERMISSION_DENIED, `${p.virtual} cannot be changed: only /production and /test exist, and files go inside them`);
    if (p.area === 'production' && p.parts.length === 1 && what === 'file') throw new Refused(STATUS_CODE.PERMISSION_DENIED, `${p.virtual}: put each batch in a folder of its own, /production/<batch>/, finished by a BatchComplete_*.xml or *.complete marker`);
    if (p.area === 'test' && p.parts.length === 1 && isReportName(p.parts[0])) throw new Refused(STATUS_CODE.PERMISSION_DENIED, `${p.virtual}: *.report.txt and *.report.json are written by the server`);
    if (p.area === 'production' && what !== 'change' && isAckName(p.parts[p.parts.length - 1])) throw new Refused(STATUS_CODE.PERMISSION_DENIED, `${p.virtual}: ACK_*.xml files in /production are written by the server (the DDEX acknowledgements of a batch's messages)`);
    // What the server names after a top entry (its zip, its reports) must fit on disk too.
    const tooLong = p.parts.length === 1 && what !== 'change' ? topNameTooLong(p.area, p.parts[0], what) : null;
    if (tooLong) throw new Refused(STATUS_CODE.FAILURE, tooLong);
    // From its marker (or, for a single /test file, its upload) until its import or test has run, a batch takes no change.
    if (await isSealed(o.db, accountId, p.area, p.parts[0])) {
      throw new Refused(STATUS_CODE.PERMISSION_DENIED, `/${p.area}/${p.parts[0]} is complete and waits for its import or test; it takes no more changes: send anything else as a new batch in a new folder`);
    }
    const processed = p.area === 'production' ? await processedRefusal(p.parts[0]) : null;
    if (processed) throw new Refused(STATUS_CODE.PERMISSION_DENIED, processed);
    return p;
  };

  const newHandle = (h: FileHandle | DirHandle): Buffer => {
    if (handles.size >= MAX_HANDLES) throw new Refused(STATUS_CODE.FAILURE, `too many open files in this session (at most ${MAX_HANDLES})`);
    const id = nextHandle++;
    handles.set(id, h);
    const buf = Buffer.alloc(4);
    buf.writeUInt32BE(id);
    return buf;
  };
  const handleOf = (buf: Buffer): FileHandle | DirHandle => {
    const h = buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined;
    if (!h) throw new Refused(STATUS_CODE.FAILURE, 'unknown handle');
    return h;
  };
  const fileHandle = (buf: Buffer): FileHandle => {
    const h = handleOf(buf);
    if (h.kind !== 'file') throw new Refused(STATUS_CODE.FAILURE, 'not a file handle');
    return h;
  };

  /** Runs a request; a refusal or a file-system error becomes its status with a message. */
  const answer = (reqid: number, work: () => Promise<void>) => {
    work().catch((error: unknown) => {
      const status = statusOf(error);
      if (status) return sftp.status(reqid, status.code, status.message);
      o.log.warn({ err: error, account: accountId }, 'sftp request failed');
      return sftp.status(reqid, STATUS_CODE.FAILURE, 'the server could not do that');
    });
  };

  /** Opens `filename`; for writing in a batch folder, its `sftp_open_files` row is written first (`open-files`: a marker then either seals before the check below or finds the row). */
  const openFile = async (filename: string, writing: boolean): Promise<{ p: InboxPath; openId: number | null }> => {
    if (!writing) return { p: resolve(filename, false), openId: null };
    const given = resolve(filename, true);
    const openId = given.kind === 'entry' ? await openingForWrite(o.db, accountId, given) : null;
    try {
      return { p: await writablePath(filename, 'file'), openId };
    } catch (error) {
      if (given.kind === 'entry') await closedForWrite(o.db, accountId, given, openId);
      throw error;
    }
  };

  /** A file opened for writing before its batch's marker came and closed after: not part of the batch (sealed, or a processed /production batch). */
  const lateForItsBatch = async (h: FileHandle): Promise<boolean> =>
    h.writable && h.path.parts.length >= 2 && ((await isSealed(o.db, accountId, h.path.area, h.path.parts[0])) || (h.path.area === 'production' && Boolean(await processedRefusal(h.path.parts[0]))));

  sftp.on('OPEN', (reqid, filename, flags) =>
    answer(reqid, async () => {
      const writing = (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) !== 0;
      const { p, openId } = await openFile(filename, writing);
      const forget = () => (p.kind === 'entry' ? closedForWrite(o.db, accountId, p, openId) : undefined);
      if (p.kind !== 'entry') throw new Refused(STATUS_CODE.FAILURE, `${p.virtual} is a folder`);
      let mode = fs.constants.O_NOFOLLOW;
      mode |= flags & OPEN_MODE.READ && writing ? fs.constants.O_RDWR : writing ? fs.constants.O_WRONLY : fs.constants.O_RDONLY;
      if (flags & OPEN_MODE.CREAT) mode |= fs.constants.O_CREAT;
      if (flags & OPEN_MODE.TRUNC) mode |= fs.constants.O_TRUNC;
      if (flags & OPEN_MODE.EXCL) mode |= fs.constants.O_EXCL;
      // No O_APPEND: writes run in parallel on the thread pool, and O_APPEND would put each where it
      // happens to finish (OpenSSH's reput appends 64 at a time). Each is placed in order of arrival instead.
      const fh = await fsp.open(disk(p), mode, 0o640).catch(async (error: unknown) => {
        await forget();
        throw error;
      });
      const opened = await fh.stat();
      if (opened.isDirectory()) {
        await fh.close();
        await forget();
        throw new Refused(STATUS_CODE.FAILURE, `${p.virtual} is a folder`);
      }
      try {
        sftp.handle(reqid, newHandle(openedFile({ fh, path: p, writable: writing, append: (flags & OPEN_MODE.APPEND) !== 0, sizeAtOpen: opened.size, openId })));
      } catch (error) {
        await fh.close();
        await forget();
        throw error;
      }
    }),
  );

  sftp.on('WRITE', (reqid, handle, offset, data) =>
    answer(reqid, async () => {
      const h = fileHandle(handle);
      if (!h.writable) throw new Refused(STATUS_CODE.PERMISSION_DENIED, 'the file was opened for reading');
      await writeAt(h, data, offset, o);
      sftpBytes.inc({ direction: 'received' }, data.length);
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  sftp.on('READ', (reqid, handle, offset, length) =>
    answer(reqid, async () => {
      const h = fileHandle(handle);
      const buf = Buffer.alloc(Math.min(length, 256 * 1024));
      const { bytesRead } = await h.fh.read(buf, 0, buf.length, offset);
      if (bytesRead === 0) return void sftp.status(reqid, STATUS_CODE.EOF);
      sftp.data(reqid, buf.subarray(0, bytesRead));
      sftpBytes.inc({ direction: 'sent' }, bytesRead);
    }),
  );

  sftp.on('FSTAT', (reqid, handle) => answer(reqid, async () => void sftp.attrs(reqid, attrsOf(await fileHandle(handle).fh.stat()))));
  // Times and permissions are the server's to keep: accepted, changed nothing.
  sftp.on('FSETSTAT', (reqid, handle) =>
    answer(reqid, async () => {
      handleOf(handle);
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );
  sftp.on('SETSTAT', (reqid, given) =>
    answer(reqid, async () => {
      const p = resolve(given, false);
      if (p.kind === 'entry') await fsp.lstat(disk(p));
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  sftp.on('CLOSE', (reqid, handle) =>
    answer(reqid, async () => {
      const h = handleOf(handle);
      handles.delete(handle.readUInt32BE(0));
      if (h.kind === 'dir') return void sftp.status(reqid, STATUS_CODE.OK);
      // The file's open row goes only once what happens to the file is settled (removed, or kept), so a batch's job never zips a file being removed.
      try {
        await settle(h);
        // Retention counts from the last change on the server's clock (which tests move), not the disk's.
        if (h.wrote) await h.fh.utimes(now(), now());
        await h.fh.close();
        if (h.failed) {
          // Half a file is never taken for a whole one (nor sealed as a marker): it is removed.
          await fsp.rm(disk(h.path), { force: true });
          throw new Refused(STATUS_CODE.FAILURE, `the file was not stored whole: ${h.failed}`);
        }
        // A file opened before its batch's marker arrived and finished after it is not part of the batch.
        if (await lateForItsBatch(h)) {
          await fsp.rm(disk(h.path), { force: true });
          throw new Refused(STATUS_CODE.PERMISSION_DENIED, `/${h.path.area}/${h.path.parts[0]} was completed by its marker before this file was finished: it is not part of the batch and was not kept; send it in a new batch`);
        }
      } finally {
        await closedForWrite(o.db, accountId, h.path, h.openId);
      }
      if (h.writable) await fileArrived(o.db, o.who, h.path);
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  const stat = (reqid: number, given: string) =>
    answer(reqid, async () => {
      const p = resolve(given, false);
      if (p.kind !== 'entry') return void sftp.attrs(reqid, dirAttrs());
      sftp.attrs(reqid, attrsOf(await fsp.lstat(disk(p))));
    });
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);

  sftp.on('OPENDIR', (reqid, given) =>
    answer(reqid, async () => {
      const p = resolve(given, false);
      if (p.kind === 'entry' && !(await fsp.lstat(disk(p))).isDirectory()) throw new Refused(STATUS_CODE.FAILURE, `${p.virtual} is not a folder`);
      // Listed at once (folders of a batch are small); READDIR hands them out, then EOF.
      let entries: ssh2.FileEntry[];
      if (p.kind === 'root') entries = [entryOf('production', dirAttrs()), entryOf('test', dirAttrs())];
      else {
        const dir = disk(p);
        entries = [];
        for (const name of (await fsp.readdir(dir)).sort()) {
          const s = await fsp.lstat(`${dir}/${name}`).catch(() => null);
          if (s && (s.isFile() || s.isDirectory())) entries.push(entryOf(name, attrsOf(s)));
        }
      }
      sftp.handle(reqid, newHandle({ kind: 'dir', entries }));
    }),
  );

  sftp.on('READDIR', (reqid, handle) =>
    answer(reqid, async () => {
      const h = handleOf(handle);
      if (h.kind !== 'dir') throw new Refused(STATUS_CODE.FAILURE, 'not a folder handle');
      if (h.entries.length === 0) return void sftp.status(reqid, STATUS_CODE.EOF);
      const batch = h.entries.splice(0, 100);
      sftp.name(reqid, batch);
    }),
  );

  sftp.on('REALPATH', (reqid, given) =>
    answer(reqid, async () => {
      const p = resolve(given, false);
      sftp.name(reqid, [{ filename: p.virtual, longname: p.virtual, attrs: {} as ssh2.Attributes }]);
    }),
  );

  sftp.on('MKDIR', (reqid, given) =>
    answer(reqid, async () => {
      const p = await writablePath(given, 'folder');
      await fsp.mkdir(disk(p));
      await fsp.utimes(disk(p), now(), now());
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  sftp.on('RMDIR', (reqid, given) =>
    answer(reqid, async () => {
      const p = await writablePath(given, 'change');
      await fsp.rmdir(disk(p));
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  sftp.on('REMOVE', (reqid, given) =>
    answer(reqid, async () => {
      const p = await writablePath(given, 'change');
      if ((await fsp.lstat(disk(p))).isDirectory()) throw new Refused(STATUS_CODE.FAILURE, `${p.virtual} is a folder (use rmdir)`);
      await fsp.unlink(disk(p));
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  sftp.on('RENAME', (reqid, from, to) =>
    answer(reqid, async () => {
      const source = await writablePath(from, 'change');
      const isFolder = (await fsp.lstat(disk(source))).isDirectory();
      const target = await writablePath(to, isFolder ? 'folder' : 'file');
      const targetDisk = disk(target);
      if (await fsp.lstat(targetDisk).then(() => true, () => false)) throw new Refused(STATUS_CODE.FAILURE, `${target.virtual} already exists`);
      await fsp.rename(disk(source), targetDisk);
      await fsp.utimes(targetDisk, now(), now());
      // A file renamed into place (clients upload to a temporary name first) arrives now.
      if ((await fsp.lstat(targetDisk)).isFile()) await fileArrived(o.db, o.who, target);
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  sftp.on('SYMLINK', (reqid) => sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, 'symbolic links are not allowed in the inbox'));
  sftp.on('READLINK', (reqid) => sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, 'the inbox holds no symbolic links'));

  // The client closing its channel ends the SFTP stream here too (or OpenSSH's sftp waits).
  sftp.on('end', () => sftp.end());

  sftp.on('close', () => {
    for (const h of handles.values()) {
      if (h.kind !== 'file') continue;
      void (async () => {
        try {
          await abandon(h, disk(h.path));
          // Cut back to what came in order, it stays for a resume; unless its batch was completed meanwhile, which it is not part of.
          if (await lateForItsBatch(h)) await fsp.rm(disk(h.path), { force: true });
        } finally {
          await closedForWrite(o.db, accountId, h.path, h.openId);
        }
      })().catch((err: unknown) => o.log.warn({ err, account: accountId }, 'sftp file left open could not be closed'));
    }
    handles.clear();
  });
}
