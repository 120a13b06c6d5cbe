/**
 * How a failed SFTP request is answered: a refusal of the inbox with its own status and message, or
 * a file-system error told in plain words (never a path of the server). Anything else is the
 * server's fault: a generic failure, logged.
 */
import ssh2 from 'ssh2';

const { STATUS_CODE } = ssh2.utils.sftp;

/** A refusal the client is told about: its status code and a message saying why. */
export class Refused extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const FS_ERRORS: Record<string, [number, string]> = {
  ENOENT: [STATUS_CODE.NO_SUCH_FILE, 'no such file or folder'],
  EEXIST: [STATUS_CODE.FAILURE, 'it already exists'],
  ENOTEMPTY: [STATUS_CODE.FAILURE, 'the folder is not empty'],
  ELOOP: [STATUS_CODE.PERMISSION_DENIED, 'permission denied'],
  EACCES: [STATUS_CODE.PERMISSION_DENIED, 'permission denied'],
  EPERM: [STATUS_CODE.PERMISSION_DENIED, 'permission denied'],
  EISDIR: [STATUS_CODE.FAILURE, 'it is a folder'],
  ENOTDIR: [STATUS_CODE.FAILURE, 'not a folder'],
  ENOSPC: [STATUS_CODE.FAILURE, 'the inbox is out of space; try again later'],
  ENAMETOOLONG: [STATUS_CODE.FAILURE, 'a name or the path is too long'],
};

/** The status and message for `error`, or null when it is unexpected (answered as a generic failure). */
export function statusOf(error: unknown): { code: number; message: string } | null {
  if (error instanceof Refused) return { code: error.code, message: error.message };
  const known = FS_ERRORS[(error as NodeJS.ErrnoException)?.code ?? ''];
  return known ? { code: known[0], message: known[1] } : null;
}
