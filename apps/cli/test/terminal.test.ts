/**
 * Progress on a real terminal and without one. In tmux (a pseudo-terminal) the bin draws an ora
 * spinner on stderr with "n/N checking <input>"; every byte the pane receives is logged with
 * `pipe-pane`, so the check does not depend on catching a frame on screen. Through pipes the same
 * run prints plain "[n/N] input: verdict" lines and no escape codes.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runBin } from './golden-harness.js';

const run = promisify(execFile);
const TMUX = '/usr/bin/tmux';
const INPUTS = ['fixtures/batches/album-43', 'fixtures/cli/ok-43.xml', 'fixtures/cli/bad-codes-43.xml', 'fixtures/messages/single-382.xml'];
const SPINNER_FRAMES = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;

async function waitFor(file: string, marker: string): Promise<string> {
  // Polls the log until the run has printed its end marker (the test timeout bounds the wait).
  for (;;) {
    const text = existsSync(file) ? await readFile(file, 'utf8') : '';
    if (text.includes(marker)) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('progress on a terminal and without one', () => {
  it.skipIf(!existsSync(TMUX))('shows the spinner with n/N and the current input on a TTY (tmux)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tty-'));
    const socket = `ddex-check-test-${process.pid}`;
    const log = path.join(dir, 'pane.log');
    const tmux = (...args: string[]) => run(TMUX, ['-L', socket, '-f', '/dev/null', ...args]);
    try {
      await tmux('new-session', '-d', '-s', 'cli', '-x', '160', '-y', '50', 'sh');
      await tmux('pipe-pane', '-t', 'cli', '-o', `cat >> ${log}`);
      // CI unset: ora (like most tools) draws no spinner when CI is set, even on a terminal.
      const command = `cd ${ROOT} && env -u CI TERM=xterm-256color node ${BIN} ${INPUTS.join(' ')} --concurrency 1; echo "EX""IT=$?"`;
      await tmux('send-keys', '-t', 'cli', command, 'Enter');
      const output = await waitFor(log, 'EXIT=');
      expect(output).toMatch(SPINNER_FRAMES);
      expect(output).toMatch(/0\/4 checking/);
      // How far the spinner got between two frames depends on the machine: any advance past 0/4 shows progress.
      expect(output).toMatch(/[123]\/4 checking/);
      expect(output).toContain('checking fixtures/batches/album-43');
      // The report itself is on the terminal, coloured, and the plain progress lines are not.
      expect(output).toContain('input');
      expect(output).toMatch(/\u001b\[31m✖ would be rejected/);
      expect(output).not.toMatch(/\[1\/4\] fixtures/);
      expect(output).toContain('EXIT=1');
    } finally {
      await tmux('kill-server').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync('/usr/bin/script'))('finishes with plain lines on a terminal of zero columns (script)', async () => {
    // util-linux's script gives the run a pseudo-terminal; `stty cols 0` leaves it without a width.
    const command = `stty cols 0 rows 0; env -u CI TERM=xterm-256color ${process.execPath} ${BIN} ${INPUTS.slice(0, 2).join(' ')} -f json -o /dev/null; echo "EX""IT=$?"`;
    const { stdout } = await run('/usr/bin/script', ['-qec', command, '/dev/null'], { cwd: ROOT, timeout: 60_000, env: { ...process.env } });
    expect(stdout).toContain('EXIT=0');
    expect(stdout).toMatch(/\[1\/2\] fixtures\/batches\/album-43: would_import/);
    expect(stdout).not.toMatch(SPINNER_FRAMES);
  });

  it('prints plain progress lines in input order and no escape codes when stderr is not a TTY', async () => {
    const result = await runBin([...INPUTS, '--concurrency', '3'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), DDEX_SCHEMAS_DIR: process.env.DDEX_SCHEMAS_DIR, TERM: 'xterm-256color' },
    });
    // Whatever the verdicts (the rules grow), one line per input, in input order despite --concurrency 3.
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    lines.forEach((line, i) => {
      expect(line).toMatch(new RegExp(`^\\[${i + 1}/4\\] ${INPUTS[i]}: would_\\w+ \\(\\d+ errors?, \\d+ warnings?\\)$`));
    });
    expect(lines[2]).toContain('would_be_rejected');
    expect(result.stderr + result.stdout).not.toMatch(/\u001b\[/);
    expect(result.stderr).not.toMatch(SPINNER_FRAMES);
    expect(result.status).toBe(1);
  });
});
