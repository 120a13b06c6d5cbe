/**
 * ssh2, loaded on first use: the admin commands import the files that read keys, and every command
 * that reads none starts without it (about 140 ms of modules).
 */
import { createRequire } from 'node:module';

let loaded: typeof import('ssh2') | undefined;

export function ssh2(): typeof import('ssh2') {
  return (loaded ??= createRequire(import.meta.url)('ssh2') as typeof import('ssh2'));
}
