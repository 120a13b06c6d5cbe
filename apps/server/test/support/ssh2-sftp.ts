/**
 * The ssh2 library's SFTP client, promised, for what OpenSSH's `sftp` cannot express: a write at a
 * chosen offset, a connection dropped with a file still open, the status message of a refusal
 * (OpenSSH prints only the status code's name). Real SSH on loopback, nothing mocked.
 */
import ssh2 from 'ssh2';

/** What a request answered: 'ok', or the server's status message. */
export type Answer = 'ok' | string;

export interface Ssh2Sftp {
  mkdir(path: string): Promise<Answer>;
  /** The handle, or the refusal's message. */
  open(path: string, flags: string): Promise<Buffer | string>;
  write(handle: Buffer, data: Buffer, offset: number): Promise<Answer>;
  close(handle: Buffer): Promise<Answer>;
  /** Ends the connection without closing open files (as a dropped connection does). */
  drop(): void;
}

export async function ssh2Sftp(o: { port: number; username: string; password: string }): Promise<Ssh2Sftp> {
  const client = new ssh2.Client();
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve()).once('error', reject);
    client.connect({ host: '127.0.0.1', port: o.port, username: o.username, password: o.password });
  });
  const s = await new Promise<ssh2.SFTPWrapper>((resolve, reject) => client.sftp((err, w) => (err ? reject(err) : resolve(w))));
  const answer = (call: (cb: (err?: Error | null) => void) => void) => new Promise<Answer>((resolve) => call((err) => resolve(err ? err.message : 'ok')));
  return {
    mkdir: (path) => answer((cb) => s.mkdir(path, cb)),
    open: (path, flags) => new Promise((resolve) => s.open(path, flags, (err, handle) => resolve(err ? err.message : handle))),
    write: (handle, data, offset) => answer((cb) => s.write(handle, data, 0, data.length, offset, cb)),
    close: (handle) => answer((cb) => s.close(handle, cb)),
    drop: () => client.end(),
  };
}
