/**
 * A run that may read a message of 64 MiB or more (256 MiB on Node 20) starts again in a child with
 * settings for its memory (bin/memory-settings.js): which runs do, the child's arguments and environment, and the
 * real bin answering the same through the child as in one process.
 */
import { describe, expect, it, vi } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: plain JavaScript of the bin, without types
import { childArguments, childEnvironment, childInputs, runEndedFd, runInChild, semiSpaceMb, wantsChild } from '../bin/memory-settings.js';
import { sparseFolder } from './sparse-files.js';

const root = path.resolve(__dirname, '../../..');
const bin = path.join(root, 'apps/cli/bin/ddex-check.js');
const MiB = 1024 * 1024;
const { dir, sized } = sparseFolder('ddex-memory-');

describe('wantsChild', () => {
  const on = (version: string, execArgv: string[] = [], env: NodeJS.ProcessEnv = {}) => ({ version, execArgv, env });

  it('asks for one when a message of 64 MiB or more may be read (256 MiB on Node 20), unless the settings were chosen', () => {
    const big = sized('big/message.xml', 64 * MiB);
    const small = sized('small/message.xml', 64 * MiB - 1);
    const huge = sized('huge/message.xml', 256 * MiB);
    const below = sized('below/message.xml', 256 * MiB - 1);
    expect(wantsChild([big], on('22.12.0'))).toBe(true);
    expect(wantsChild([big], on('24.21.0'))).toBe(true);
    expect(wantsChild([small], on('24.21.0'))).toBe(false);
    // Node 20's child sets only malloc's threshold: it pays for its start from 256 MiB on.
    expect(wantsChild([big], on('20.20.2'))).toBe(false);
    expect(wantsChild([below], on('20.20.2'))).toBe(false);
    expect(wantsChild([huge], on('20.20.2'))).toBe(true);
    expect(wantsChild([small], on('20.20.2'))).toBe(false);
    // Chosen: on Node 22 and later the semi-space size (a flag or NODE_OPTIONS), on Node 20 malloc's threshold.
    expect(wantsChild([big], on('24.21.0', ['--max-semi-space-size=64']))).toBe(false);
    expect(wantsChild([big], on('24.21.0', [], { NODE_OPTIONS: '--max-semi-space-size=32' }))).toBe(false);
    expect(wantsChild([big], on('24.21.0', [], { MALLOC_MMAP_THRESHOLD_: '65536' }))).toBe(true);
    expect(wantsChild([huge], on('20.20.2', [], { MALLOC_MMAP_THRESHOLD_: '65536' }))).toBe(false);
    expect(wantsChild([huge], on('20.20.2', ['--max-semi-space-size=64']))).toBe(true);
    // Options and their values are not paths; a path that cannot be read is the CLI's to report.
    expect(wantsChild(['-f', 'json', small, path.join(dir, 'missing.xml')], on('24.21.0'))).toBe(false);
    expect(wantsChild(['-f', 'json', small, big], on('24.21.0'))).toBe(true);
  });

  it('looks two levels into folders, within a budget of entries, and takes a zip of 2 MiB or more (10 MiB on Node 20) as one that may hold such a message', () => {
    const deliveries = path.join(dir, 'deliveries');
    sized('deliveries/one/two/message.xml', 300 * MiB);
    expect(wantsChild([path.join(deliveries, 'one')], on('24.21.0'))).toBe(true);
    expect(wantsChild([deliveries], on('24.21.0'))).toBe(false);
    expect(wantsChild([sized('zips/a.zip', 2 * MiB)], on('24.21.0'))).toBe(true);
    expect(wantsChild([sized('zips/b.ZIP', 2 * MiB - 1)], on('24.21.0'))).toBe(false);
    expect(wantsChild([path.join(dir, 'zips/a.zip')], on('20.20.2'))).toBe(false);
    expect(wantsChild([sized('zips/c.zip', 10 * MiB)], on('20.20.2'))).toBe(true);
    expect(wantsChild([sized('zips/d.zip', 10 * MiB - 1)], on('20.20.2'))).toBe(false);
    expect(wantsChild([path.join(deliveries, 'one')], on('20.20.2'))).toBe(true);
    const crowded = path.join(dir, 'crowded');
    for (let i = 0; i < 5000; i++) sized(`crowded/a${String(i).padStart(4, '0')}.jpg`, 0);
    sized('crowded/z.xml', 300 * MiB);
    // Listed in order, the message comes after 5,000 images: past the budget, it is not looked for.
    const list = (folder: string) => readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(wantsChild([crowded], { ...on('24.21.0'), list })).toBe(false);
  });

  it('gives the child, on Node 22 and later, the size and no incremental marking, then this process\'s own flags, the bin and its arguments', () => {
    expect(childArguments('/bin/ddex-check.js', ['a.xml', '-f', 'json'], ['--enable-source-maps'], {}, '24.21.0')).toEqual(['--max-semi-space-size=16', '--no-incremental-marking', '--enable-source-maps', '/bin/ddex-check.js', 'a.xml', '-f', 'json']);
    // Incremental marking chosen either way, as a flag or in NODE_OPTIONS, is left as chosen.
    expect(childArguments('/bin/ddex-check.js', ['a.xml'], ['--incremental-marking'], {}, '22.12.0')).toEqual(['--max-semi-space-size=16', '--incremental-marking', '/bin/ddex-check.js', 'a.xml']);
    expect(childArguments('/bin/ddex-check.js', ['a.xml'], [], { NODE_OPTIONS: '--require x.cjs --no-incremental-marking' }, '24.21.0')).toEqual(['--max-semi-space-size=16', '/bin/ddex-check.js', 'a.xml']);
    // Node 20: its own young generation, and incremental marking made no difference there.
    expect(childArguments('/bin/ddex-check.js', ['a.xml'], ['--enable-source-maps'], {}, '20.20.2')).toEqual(['--enable-source-maps', '/bin/ddex-check.js', 'a.xml']);
  });

  it('halves the child\'s semi-spaces for a message of 512 MiB or more, or a zip of 32 MiB or more, that it answers the sizes of', () => {
    expect(semiSpaceMb(null)).toBe(16);
    expect(semiSpaceMb({ message: 512 * MiB - 1, zip: 32 * MiB - 1 })).toBe(16);
    expect(semiSpaceMb({ message: 512 * MiB, zip: 0 })).toBe(8);
    expect(semiSpaceMb({ message: 0, zip: 32 * MiB })).toBe(8);
    expect(childArguments('/bin/ddex-check.js', ['a.xml'], [], {}, '24.21.0', 8)).toEqual(['--max-semi-space-size=8', '--no-incremental-marking', '/bin/ddex-check.js', 'a.xml']);
    const huge = sized('huge/message.xml', 600 * MiB);
    const large = sized('large/message.xml', 100 * MiB);
    expect(childInputs([huge], on('24.21.0'))).toEqual({ message: 600 * MiB, zip: 0 });
    expect(semiSpaceMb(childInputs([huge, large], on('24.21.0')))).toBe(8);
    expect(semiSpaceMb(childInputs([large], on('24.21.0')))).toBe(16);
    // No child, whatever the size, when the semi-space was chosen.
    expect(childInputs([huge], on('24.21.0', ['--max-semi-space-size=32']))).toBeNull();
  });

  it('gives the child malloc\'s threshold of 1 MiB, unless the environment sets one', () => {
    expect(childEnvironment({ PATH: '/bin' })).toEqual({ PATH: '/bin', MALLOC_MMAP_THRESHOLD_: '1048576' });
    expect(childEnvironment({ PATH: '/bin', MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({ PATH: '/bin', MALLOC_MMAP_THRESHOLD_: '65536' });
  });
});

describe('the bin on a message of 64 MiB (256 MiB on Node 20)', () => {
  it(`answers through the child as in one process, with the settings of its Node (this is ${process.version})`, () => {
    // NUL bytes (a sparse file): not XML, refused at its first byte, so the run is short.
    const big = sized('nul/message.xml', (Number(process.versions.node.split('.')[0]) >= 22 ? 64 : 256) * MiB);
    const probe = path.join(dir, 'probe.cjs');
    // Each process (and its worker threads, under the same pid) writes its flags.
    writeFileSync(probe, "require('fs').appendFileSync(process.env.PROBE_FILE, JSON.stringify([process.pid, [...process.execArgv, process.env.MALLOC_MMAP_THRESHOLD_ ?? 'default']]) + '\\n');\n");
    const run = (extra: NodeJS.ProcessEnv) => {
      const out = path.join(dir, `probe-${Object.keys(extra).length}.txt`);
      writeFileSync(out, '');
      const r = spawnSync(process.execPath, [bin, big, '--no-media'], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1', HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache'), PROBE_FILE: out, NODE_OPTIONS: `--require ${probe}`, ...extra } });
      return { code: r.status, out: r.stdout, err: r.stderr, processes: [...new Map(readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as [number, string[]])).values()] };
    };
    const through = run({});
    // The settings chosen (the semi-space size in NODE_OPTIONS, malloc's threshold in the environment): the run stays in its process.
    const alone = run({ NODE_OPTIONS: `--require ${probe} --max-semi-space-size=16`, MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(through.code).toBe(1);
    expect(through.out).toMatch(/would be rejected/);
    expect(through.out).toMatch(/not well-formed XML/);
    expect(through.out).toBe(alone.out);
    // The child said its run ended, and ended in time: nothing stopped.
    expect(through.err).not.toMatch(/did not end/);
    expect(alone.code).toBe(1);
    // Each process's flags, then malloc's threshold.
    expect(alone.processes).toEqual([['131072']]);
    if (Number(process.versions.node.split('.')[0]) >= 22) expect(through.processes).toEqual([['default'], ['--max-semi-space-size=16', '--no-incremental-marking', '1048576']]);
    else expect(through.processes).toEqual([['default'], ['1048576']]);
  });
});

describe('the bin, when its child hangs at exit', () => {
  it('stops the child 5 s after its run ended, and exits with the run\'s code, its output whole', () => {
    const big = sized('nul/hung.xml', (Number(process.versions.node.split('.')[0]) >= 22 ? 64 : 256) * MiB);
    // In the child alone (it is handed the descriptor), an exit that never ends, as Node's can (nodejs/node#54918).
    const hang = path.join(dir, 'hang-at-exit.cjs');
    writeFileSync(hang, 'if (process.env.DDEX_CHECK_RUN_ENDED_FD) process.on("exit", () => { for (;;) {} });\n');
    const started = Date.now();
    const r = spawnSync(process.execPath, [bin, big, '--no-media'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1', HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache'), NODE_OPTIONS: `--require ${hang}` } });
    expect(r.status).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
    expect(r.stdout).toMatch(/not well-formed XML/);
    expect(r.stdout).toMatch(/would be rejected/);
    expect(r.stderr).toMatch(/the run ended \(exit code 1\), but its process did not end within 5 s/);
  });
});

describe('runInChild, when the child does not end its process', () => {
  // A child of the bin: its run ends, it says so (or not), then its process ends or hangs.
  const child = (name: string, body: string) => {
    const file = path.join(dir, `${name}.mjs`);
    writeFileSync(file, `import { runEndedFd, tellRunEnded } from ${JSON.stringify(path.join(root, 'apps/cli/bin/memory-settings.js'))};\nconst fd = runEndedFd();\n${body}\n`);
    return file;
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stderrOf = async (work: () => Promise<number>) => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    try {
      return { code: await work(), stderr: written.join('') };
    } finally {
      spy.mockRestore();
    }
  };

  it('stops one that said its run ended but is still there past the grace, and answers the run\'s code', async () => {
    const pidFile = path.join(dir, 'hung.pid');
    const hung = child('hung', `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nawait tellRunEnded(fd, 1);\nsetInterval(() => {}, 1000);`);
    const started = Date.now();
    const { code, stderr } = await stderrOf(() => runInChild(hung, [], null, { graceMs: 500 }));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      expect(code).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      expect(stderr).toMatch(/the run ended \(exit code 1\), but its process did not end within 0\.5 s .*nodejs\/node#54918.*stopped/);
      await expect.poll(() => alive(pid), { timeout: 5000 }).toBe(false);
    } finally {
      // Never left running when the guard fails.
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('leaves one that ends in time, or never says its run ended, to end by itself with its own code', async () => {
    const quick = child('quick', 'await tellRunEnded(fd, 1);\nsetTimeout(() => process.exit(1), 100);');
    const silent = child('silent', 'setTimeout(() => process.exit(3), 1200);');
    const told = await stderrOf(() => runInChild(quick, [], null, { graceMs: 2000 }));
    expect(told).toEqual({ code: 1, stderr: '' });
    // Ending at once, its word may come after its end: nothing is stopped later either. (A grace of
    // 100 ms was shorter than a process's exit on a loaded machine: CI's Node 24 run stopped one.)
    const instant = child('instant', 'await tellRunEnded(fd, 0);\nprocess.exit(0);');
    for (let i = 0; i < 5; i++) {
      const atOnce = await stderrOf(async () => {
        const code = await runInChild(instant, [], null, { graceMs: 1000 });
        await new Promise((resolve) => setTimeout(resolve, 1200));
        return code;
      });
      expect(atOnce).toEqual({ code: 0, stderr: '' });
    }
    // Past the grace, but it never said its run ended: still running, so not stopped.
    const untold = await stderrOf(() => runInChild(silent, [], null, { graceMs: 300 }));
    expect(untold).toEqual({ code: 3, stderr: '' });
  });

  it('never stops one asked for a profile, which it writes as its process ends', async () => {
    const profiles = path.join(dir, 'profiles');
    const slow = child('slow-profiled', 'await tellRunEnded(fd, 1);\nsetTimeout(() => process.exit(4), 1200);');
    const { code, stderr } = await stderrOf(() => runInChild(slow, [], null, { graceMs: 300, execArgv: ['--cpu-prof', `--cpu-prof-dir=${profiles}`] }));
    expect({ code, stderr }).toEqual({ code: 4, stderr: '' });
    expect(readdirSync(profiles).filter((f) => f.endsWith('.cpuprofile'))).toHaveLength(1);
  });

  it('the bin says on the descriptor it is given that its run ended, with the run\'s code, after its output', async () => {
    const broken = sized('broken/message.xml', 1024);
    const r = spawn(process.execPath, [bin, broken, '--no-media'], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', HOME: dir, DDEX_CHECK_RUN_ENDED_FD: '3' } });
    // What came on each pipe, in the order it came.
    const order: string[] = [];
    let out = '';
    r.stdout!.on('data', (d) => ((out += d), order.push('stdout')));
    let told = '';
    (r.stdio[3] as NodeJS.ReadableStream).on('data', (d) => ((told += d), order.push('told')));
    const code = await new Promise<number | null>((resolve) => r.on('close', resolve));
    expect(code).toBe(1);
    expect(out).toMatch(/not well-formed XML/);
    expect(told).toBe('1\n');
    expect(order.at(-1)).toBe('told');
  });

  it('hands a signal meant for the bin (a CI runner ending the job) to the child, and ends by it', async () => {
    const pidFile = path.join(dir, 'signalled.pid');
    const sleeper = child('sleeper', `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nsetInterval(() => {}, 1000);`);
    // The bin's side, in a process of its own: this one is the test runner.
    const driver = path.join(dir, 'driver.mjs');
    writeFileSync(driver, `import { runInChild } from ${JSON.stringify(path.join(root, 'apps/cli/bin/memory-settings.js'))};\nprocess.exit(await runInChild(${JSON.stringify(sleeper)}, [], null, { execArgv: [] }));\n`);
    writeFileSync(pidFile, '');
    const driven = spawn(process.execPath, [driver], { stdio: 'ignore' });
    await expect.poll(() => readFileSync(pidFile, 'utf8'), { timeout: 10_000 }).not.toBe('');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      driven.kill('SIGTERM');
      const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => driven.on('exit', (c, s) => resolve([c, s])));
      expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
      await expect.poll(() => alive(pid), { timeout: 5000 }).toBe(false);
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('hands the descriptor to the child alone: taken out of its environment, so that no process it starts sees it', () => {
    const env: NodeJS.ProcessEnv = { DDEX_CHECK_RUN_ENDED_FD: '3', OTHER: 'x' };
    expect(runEndedFd(env)).toBe(3);
    expect(env).toEqual({ OTHER: 'x' });
    expect(runEndedFd(env)).toBeNull();
    for (const bad of ['', 'abc', '1', '-4', '3.5']) expect(runEndedFd({ DDEX_CHECK_RUN_ENDED_FD: bad })).toBeNull();
  });
});
