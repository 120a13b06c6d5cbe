/**
 * One measurement of `xsd-bench.mjs`, in its own process so that its peak RSS is its own.
 * Usage: node bench/xsd-bench-child.mjs <mode> <file> [seconds] (XSD_BENCH_ENGINE=src: with --import tsx)
 * Modes: saxes (raw parser), pass (the engine's pass, no listener), feeder / feeder-compiled (the
 * minimal test feeder of src/xsd without / with the compiled validator), compiled (pass + compiled
 * validator; saxes on the parse thread as the engine decides by size), compiled-one-thread (the same,
 * saxes on the pass's thread), libxml2 (pass + xmllint-wasm validator), small-compiled / small-libxml2 (one small
 * message again and again with a warm schema). Prints one JSON line.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';

// The built engine (plain node, smaller RSS) unless the driver fell back to the sources (tsx).
const engine = process.env.XSD_BENCH_ENGINE === 'src' ? ['../packages/engine/src/', '.ts'] : ['../packages/engine/dist/', '.js'];
const load = (module) => import(`${engine[0]}${module}${engine[1]}`);
const { runMessagePass } = await load('xml/pass');
const { Libxml2Validator } = await load('xml/libxml2-validator');
const { SchemaStore } = await load('xml/schema-store');
const { CompiledValidator } = await load('xsd/compiled-validator');
const { feedXml } = await load('xsd/event-feeder');

const [mode, file, secondsArg] = process.argv.slice(2);
const VERSION = '4.3';
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function rawSaxes() {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let elements = 0;
  parser.on('opentag', () => elements++);
  parser.on('text', () => {});
  parser.on('closetag', () => {});
  const decoder = new StringDecoder('utf8');
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) parser.write(decoder.write(chunk));
  parser.close();
  return { outcome: `${elements} elements` };
}

/** The engine's pass over `source`, with `validator` (or nothing) listening; `parseThread` as the engine decides it (by size). */
async function passWith(validator, source, parseThread = false) {
  let session = null;
  let reason = null;
  const result = await runMessagePass(source, async (root) => {
    if (!validator || !root) return { listeners: [] };
    const begun = await validator.begin(VERSION, root);
    if (typeof begun === 'string') {
      reason = begun;
      return { listeners: [] };
    }
    session = begun;
    return { listeners: begun.listener ? [begun.listener] : [], onBytes: begun.onBytes?.bind(begun) };
  }, { parseThread });
  if (result.fatal) return { outcome: `not well-formed: ${result.fatal.message}` };
  if (!validator) return { outcome: `${result.elements} elements` };
  if (!session) return { outcome: `skipped: ${reason}` };
  const schema = await session.finish();
  return { outcome: schema.outcome, issues: schema.issues.length, note: schema.note ?? schema.issues[0]?.message };
}

/** The validator's own cost: the minimal test feeder of src/xsd with and without the compiled validator. */
async function feeder(withValidator) {
  const validator = withValidator ? new CompiledValidator() : null;
  let session = null;
  const fed = await feedXml(createReadStream(file, { highWaterMark: 256 * 1024 }), (root) => {
    if (!validator) return null;
    const begun = validator.begin(VERSION, root);
    if (typeof begun === 'string') throw new Error(begun);
    session = begun;
    return begun.listener;
  });
  if (fed.fatal) return { outcome: `not well-formed: ${fed.fatal}` };
  if (!session) return { outcome: `${fed.elements} elements` };
  const schema = await session.finish();
  return { outcome: schema.outcome, issues: schema.issues.length, note: schema.note ?? schema.issues[0]?.message };
}

const validators = {
  compiled: () => new CompiledValidator(),
  libxml2: () => new Libxml2Validator({ store: new SchemaStore(), maxBytes: Number.MAX_SAFE_INTEGER, concurrency: 1 }),
};

async function small(kind) {
  const bytes = readFileSync(file);
  const validator = validators[kind]();
  const once = () => passWith(validator, (async function* () { yield bytes; })());
  const first = await once(); // warm: schema compiled/loaded, code optimised
  await once();
  const seconds = Number(secondsArg ?? 5);
  let n = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  while (performance.now() - t0 < seconds * 1000) {
    await once();
    n++;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await validator.close?.();
  return { outcome: first.outcome, messages: n, perSecond: (n * 1000) / ms, perCpuSecond: (n * 1e6) / (cpu.user + cpu.system) };
}

const t0 = performance.now();
const cpu0 = process.cpuUsage();
let result;
try {
  if (mode === 'saxes') result = await rawSaxes();
  else if (mode === 'pass') result = await passWith(null, createReadStream(file, { highWaterMark: 256 * 1024 }), statSync(file).size);
  else if (mode === 'compiled' || mode === 'compiled-one-thread' || mode === 'libxml2') {
    const validator = validators[mode === 'libxml2' ? 'libxml2' : 'compiled']();
    result = await passWith(validator, createReadStream(file, { highWaterMark: 256 * 1024 }), mode === 'compiled' ? statSync(file).size : false);
    await validator.close?.();
  } else if (mode === 'feeder') result = await feeder(false);
  else if (mode === 'feeder-compiled') result = await feeder(true);
  else if (mode === 'small-compiled') result = await small('compiled');
  else if (mode === 'small-libxml2') result = await small('libxml2');
  else throw new Error(`unknown mode ${mode}`);
} catch (error) {
  result = { outcome: `failed: ${error?.message ?? error}` };
}
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
const bytes = statSync(file).size;
// CPU time (all threads) is the fairer clock on a shared machine; wall time is reported too.
console.log(JSON.stringify({ mode, ms, cpuMs, bytes, mbPerSecond: bytes / 1e6 / (ms / 1000), mbPerCpuSecond: bytes / 1e6 / (cpuMs / 1000), peakRssMb: peakMb(), ...result }));
