/**
 * Worker thread running the engine, one batch at a time, so a large batch never blocks the HTTP
 * loop. It opens its own database connection for the catalog checks (connections cannot cross
 * threads). Loaded from the compiled dist.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { releaseTightHeap, validate, type MessageSnapshots } from '@ddex-check/engine';
import { openDb, type OpenDb } from '../db/connect.js';
import { DbCatalog } from './db-catalog.js';
import { validateAnswerJson, validationReportJson } from './answer-json.js';
import { asPartnerReport } from './partner-report.js';
import { wholeBufferOf, type DeliveryReport, type EngineAnswer, type EngineTask, type EngineWorkerData } from './engine-task.js';
import { findingLines, sourceLinesOf } from '../test-reports/source-lines.js';
import { storeTestReport } from '../test-reports/store.js';

const data = workerData as EngineWorkerData;
let db: OpenDb | null = null;

async function run(task: EngineTask): Promise<EngineAnswer> {
  try {
    db ??= openDb(data.db, { poolSize: 2 });
    const input = task.input.kind === 'buffer' ? Buffer.from(task.input.bytes.buffer, task.input.bytes.byteOffset, task.input.bytes.byteLength) : task.input.path;
    // The database is the history of the member's batches: an update or takedown of a release never received is flagged.
    // A delivery (deep run) also keeps each release's snapshot for its history, built from the model the pass read.
    const snapshots: MessageSnapshots[] = [];
    const report: DeliveryReport = await validate(input, {
      name: task.name,
      deep: task.deep,
      catalog: new DbCatalog(db.db, task.memberId),
      rules: { 'codes-upc-unknown-update': 'warn' },
      ...(task.stores.length ? { stores: task.stores } : {}),
      ...(task.deep ? { onReleaseSnapshots: (s: MessageSnapshots) => snapshots.push(s) } : {}),
    });
    // The report names the batch as the client did, never by where the server keeps it.
    report.source = task.name;
    if (task.deep) report.release_snapshots = snapshots;
    if (task.answer === 'json') {
      const partner = asPartnerReport(report);
      const json = validationReportJson(partner);
      const { verdict, summary } = partner;
      let testReportId: number | null = null;
      if (task.testReport) {
        // The report page prints each finding's line, as the CLI does: read them while the batch is here.
        const sourceLines = await sourceLinesOf(task.input, task.name, findingLines(partner));
        testReportId = await storeTestReport(db.db, { ...task.testReport, name: task.name, reportJson: json, verdict, summary, sourceLines });
      }
      return { id: task.id, ok: true, answer: Buffer.from(validateAnswerJson(json)), verdict, summary, testReportId };
    }
    return { id: task.id, ok: true, report };
  } catch (error) {
    return { id: task.id, ok: false, error: (error as Error)?.stack ?? String(error) };
  } finally {
    // A message kept as bytes had V8's heap settings held for its run; later small dry runs of any
    // thread took 40-70% more CPU under them (packages/engine/src/heap-flags.ts).
    releaseTightHeap();
  }
}

/** An answer's bytes move to the HTTP thread instead of being copied, when they own their whole buffer. */
const transferOf = (answer: EngineAnswer) => ('answer' in answer ? wholeBufferOf(answer.answer) : []);

parentPort!.on('message', (task: EngineTask) => {
  void run(task).then((answer) => parentPort!.postMessage(answer, transferOf(answer)));
});
