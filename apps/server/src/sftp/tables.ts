/** Tables of the SFTP inbox (logins, failed-login counters per address, batches seen), added to `Database`. */
import type { Generated } from 'kysely';

export interface SftpLoginTable {
  id: Generated<number>;
  account_id: number;
  username: string;
  /** scrypt (`scrypt$N$r$p$salt$hash`), as member passwords. */
  password_hash: string;
  /** JSON array of OpenSSH public key lines (`ssh-ed25519 AAAA… comment`). */
  public_keys: string;
  created_at: string;
  /** Set when revoked: its sessions end and it can no longer log in. */
  revoked_at: string | null;
}

export interface SftpLoginFailureTable {
  /** The client's IP address. */
  address: string;
  /** Failures since `first_at` (the window starts again once it is over). */
  failures: number;
  first_at: string;
  locked_until: string | null;
}

/** `received`: marker seen, work queued (the folder takes nothing new); then `queued` (a delivery), `tested`, or `failed`. */
export type SftpBatchStatus = 'received' | 'queued' | 'tested' | 'failed';

export interface SftpBatchTable {
  id: Generated<number>;
  account_id: number;
  area: 'production' | 'test';
  /** Folder name (batches) or file name (single /test files). */
  name: string;
  kind: 'folder' | 'file';
  marker: string | null;
  status: SftpBatchStatus;
  delivery_id: number | null;
  test_report_id: number | null;
  error: string | null;
  size_bytes: number | null;
  created_at: string;
  finished_at: string | null;
  /** `/production`: when the ACK files of its messages were written (the folder is kept 7 days from then). */
  acknowledged_at: string | null;
  /** `/production`: when its folder left the inbox (retention); until then the folder is read-only. */
  folder_removed_at: string | null;
}

/** A file of a batch folder open for writing in some session (`open-files`). */
export interface SftpOpenFileTable {
  id: Generated<number>;
  account_id: number;
  area: 'production' | 'test';
  /** The batch folder's name. */
  batch: string;
  /** The file's path inside the folder (posix, as the batch's zip names it). */
  rel_path: string;
  opened_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    sftp_open_files: SftpOpenFileTable;
    sftp_logins: SftpLoginTable;
    sftp_login_failures: SftpLoginFailureTable;
    sftp_batches: SftpBatchTable;
  }
}
