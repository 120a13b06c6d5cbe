#!/usr/bin/env node
// Are two builds' reports the same? Runs this tree's CLI and another checkout's (built) on the
// same inputs with `--format json` and compares the reports byte for byte once the run's clock
// (engine.started_at, engine.duration_ms) is taken out: for a change meant to move code without
// changing what it says (issue 47's split of the engine's big files). Inputs: every .xml under
// the DDEX samples; the repository's fixtures (bad inputs, the CLI's messages, the album delivery
// with its audio and cover, and a copy of it with a FLAC cut short and the cover replaced by bytes
// that are no image), each also with every store's verdict (--stores) and the album with --deep;
// a generated ERN 4.3 message of --mb MB (default 100, 0 for none) and two broken variants of it
// (every fifth track's resource reference dangling; the message cut mid-element), so that findings
// with lines and paths are compared too, not only passes.
// Exits 1 and names each input whose reports differ (with the first differing line).
// Usage: node bench/compare-reports.mjs --baseline DIR [--mb 100] [--samples DIR] [--jobs 2]
import { spawn } from 'node:child_process';
import { cpSync, createReadStream, createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateErn43 } from './generate-ern43.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const baseline = option('--baseline', null);
if (!baseline) {
  console.error('usage: node bench/compare-reports.mjs --baseline DIR [--mb 100] [--samples DIR] [--jobs 2]');
  process.exit(2);
}
const shared = process.env.DDEX_SHARED_DIR ?? path.resolve(root, '../shared/ddex');
process.env.DDEX_SCHEMAS_DIR ??= path.join(shared, 'xsd');
const samples = option('--samples', path.join(shared, 'samples'));
const mb = Number(option('--mb', '100'));
const jobs = Number(option('--jobs', '2'));

function xmlFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...xmlFiles(p));
    else if (entry.name.toLowerCase().endsWith('.xml')) out.push(p);
  }
  return out.sort();
}

/** The CLI's JSON report for one input, the run's clock taken out (it differs on every run). */
function report(treeDir, { input, args }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(treeDir, 'apps/cli/bin/ddex-check.js'), '--no-config', '-f', 'json', ...args, input], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const text = Buffer.concat(out).toString('utf8')
        .replace(/"started_at": "[^"]*"/g, '"started_at": "-"')
        .replace(/"duration_ms": \d+/g, '"duration_ms": 0');
      // Exit status and stderr count too: a split that crashes where the parent reported is a change.
      resolve(`exit ${code}\n${Buffer.concat(err).toString('utf8')}\n${text}`);
    });
  });
}

/** A copy of `from` passed through `edit` chunk by chunk (large messages never held whole). */
async function variant(from, to, edit, limitBytes = Infinity) {
  const w = createWriteStream(to);
  let written = 0;
  for await (const chunk of createReadStream(from, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = edit(chunk).slice(0, Math.max(0, limitBytes - written));
    written += text.length;
    if (!w.write(text)) await once(w, 'drain');
    if (written >= limitBytes) break;
  }
  w.end();
  await once(w, 'finish');
}

const STORES = ['--stores', 'spotify,tiktok,youtube'];
const inputs = xmlFiles(samples).map((input) => ({ input, args: [] }));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'compare-reports-'));
try {
  const fixtures = path.join(root, 'fixtures');
  const album = path.join(fixtures, 'batches/album-43');
  const broken = path.join(tmp, 'album-43-broken');
  cpSync(album, broken, { recursive: true });
  const flac = path.join(broken, 'resources/02_harbour_lights.flac');
  truncateSync(flac, Math.floor(statSync(flac).size / 2));
  writeFileSync(path.join(broken, 'resources/cover.jpg'), readFileSync(flac).subarray(0, 4096));
  const local = [
    ...readdirSync(path.join(fixtures, 'bad')).map((n) => path.join(fixtures, 'bad', n)),
    ...readdirSync(path.join(fixtures, 'cli')).filter((n) => n.endsWith('.xml')).map((n) => path.join(fixtures, 'cli', n)),
    path.join(fixtures, 'messages/single-382.xml'),
    album,
    broken,
  ];
  for (const input of local) inputs.push({ input, args: [] }, { input, args: STORES });
  inputs.push({ input: album, args: ['--deep'] }, { input: broken, args: ['--deep', ...STORES] });
  // Store verdicts on a few of the samples too (every tenth).
  for (const [i, input] of xmlFiles(samples).entries()) if (i % 10 === 0) inputs.push({ input, args: STORES });
  if (mb > 0) {
    const big = path.join(tmp, `generated-${mb}mb.xml`);
    await generateErn43(big, mb * 1e6);
    const dangling = path.join(tmp, `generated-${mb}mb-dangling.xml`);
    // Every fifth track's resource reference renamed: references that point nowhere, spread out.
    await variant(big, dangling, (c) => c.replace(/<ReleaseResourceReference>A(\d*5)</g, '<ReleaseResourceReference>X$1<'));
    const cut = path.join(tmp, `generated-${mb}mb-cut.xml`);
    await variant(big, cut, (c) => c, Math.floor(statSync(big).size * 0.6));
    for (const input of [big, dangling, cut]) inputs.push({ input, args: [] });
  }
  let next = 0;
  const differing = [];
  async function worker() {
    while (next < inputs.length) {
      const input = inputs[next++];
      const [mine, theirs] = [await report(root, input), await report(baseline, input)];
      if (mine !== theirs) {
        const a = mine.split('\n');
        const b = theirs.split('\n');
        const at = a.findIndex((line, i) => line !== b[i]);
        differing.push(`${input.input} ${input.args.join(' ')}: line ${at + 1}: this tree ${JSON.stringify(a[at])}, baseline ${JSON.stringify(b[at])}`);
      }
    }
  }
  await Promise.all(Array.from({ length: jobs }, worker));
  console.log(`${inputs.length} runs (samples, fixtures, store verdicts${mb > 0 ? `, a generated ${mb} MB message and 2 broken variants` : ''}): ${inputs.length - differing.length} identical, ${differing.length} differ`);
  for (const d of differing) console.log(`DIFFERS ${d}`);
  process.exitCode = differing.length ? 1 : 0;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
