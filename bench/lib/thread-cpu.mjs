// CPU seconds of every thread of a process tree, read from /proc while it runs (Linux). A CPU
// profile attributes time badly when the threads outnumber the cores (a thread waiting for a core
// is sampled where it stopped: `readSync` looked like 16% of the parse thread at 1 GB, where timing
// the calls gave 2%); the kernel's counts per thread do not depend on that.
//
// Node names none of its threads, so they are told apart by what they are: the main thread has the
// process's own id; the busiest other thread of a ddex-check run is its parse thread; the rest are
// V8's helper threads (optimizing compilation, parallel and concurrent garbage collection) and
// libuv's.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** The process and its descendants, by /proc's children lists. */
function tree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${all[i]}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const children = readFileSync(`/proc/${all[i]}/task/${tid}/children`, 'utf8').trim();
        if (children) all.push(...children.split(/\s+/).map(Number));
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return all;
}

/** Records each thread's CPU seconds (user + system) as last seen, keyed `pid/tid`. */
function sample(root, seen) {
  for (const pid of tree(root)) {
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        seen.set(`${pid}/${tid}`, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
      } catch {
        // The thread ended meanwhile: its last sample stands.
      }
    }
  }
}

/**
 * Runs `command argv` (stdout and stderr kept), sampling its threads every `everyMs`; resolves with
 * its exit status, output and, for the process of the tree that used the most CPU, the seconds of
 * its main thread, of its busiest other thread, and of the rest together. A thread's last 50 ms may
 * be missed (it ended between two samples).
 */
export function runWithThreadCpu(command, argv, everyMs = 50) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    const seen = new Map();
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setInterval(() => sample(child.pid, seen), everyMs);
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearInterval(timer);
      const byProcess = new Map();
      for (const [key, seconds] of seen) {
        const [pid, tid] = key.split('/');
        const threads = byProcess.get(pid) ?? byProcess.set(pid, []).get(pid);
        threads.push({ main: pid === tid, seconds });
      }
      let busiest = null;
      for (const threads of byProcess.values()) {
        const total = threads.reduce((sum, t) => sum + t.seconds, 0);
        if (!busiest || total > busiest.total) busiest = { total, threads };
      }
      const threads = busiest?.threads ?? [];
      const others = threads.filter((t) => !t.main).sort((a, b) => b.seconds - a.seconds);
      resolve({
        status,
        stdout,
        stderr,
        threads: {
          main: threads.find((t) => t.main)?.seconds ?? 0,
          busiestOther: others[0]?.seconds ?? 0,
          rest: others.slice(1).reduce((sum, t) => sum + t.seconds, 0),
        },
      });
    });
  });
}
