/** The server's pool of worker threads running the engine (validate dry runs, deliveries). */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { WorkerPool } from '@ddex-check/engine';
import { wholeBufferOf, type DeliveryReport, type EngineAnswer, type EngineTask, type EngineWorkerData, type ReportJson } from './engine-task.js';
import { asPartnerReport } from './partner-report.js';

/** The compiled worker, also when this module runs from `src` (tests): workers load dist. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.replace(/[\\/]src[\\/]ddex[\\/]engine-pool\.ts$/, '/dist/ddex/engine-pool.js').replace(/engine-pool\.js$/, 'engine-worker.js');
}

/** Runs the engine on worker threads (`WorkerPool` of the engine: queue, on-demand threads, replacement of a dead one). */
export class EnginePool {
  private readonly pool: WorkerPool<EngineTask, EngineAnswer, EngineAnswer & { ok: true }>;
  private nextId = 1;

  constructor(size: number, data: EngineWorkerData) {
    this.pool = new WorkerPool({
      size,
      spawn: () => new Worker(workerFile(), { workerData: data }),
      settle: (answer) => {
        if (!answer.ok) throw new Error(answer.error);
        return answer;
      },
      closedMessage: 'server is stopping',
    });
  }

  /** Tasks running or waiting. */
  get load(): number {
    return this.pool.load;
  }

  /** The report as partners see it (`ern_version` always a string: partner-report.ts); a deep run's keeps its release snapshots. */
  async run(input: EngineTask['input'], name: string, memberId: number | null, opts: { deep?: boolean; stores?: string[] } = {}): Promise<DeliveryReport> {
    const answer = await this.pool.run({ id: this.nextId++, input, name, memberId, deep: opts.deep ?? false, stores: opts.stores ?? [], answer: 'report' });
    if (!('report' in answer)) throw new Error('engine thread answered JSON to a report task');
    const report = answer.report;
    const partner: DeliveryReport = asPartnerReport(report);
    if (report.release_snapshots) partner.release_snapshots = report.release_snapshots;
    return partner;
  }

  /**
   * A dry run (not deep) answered as the 200 answer's bytes, serialized on the engine thread
   * (answer-json.ts); with `testReport`, the thread also stores it as the account's test report.
   */
  async runJson(input: EngineTask['input'], name: string, memberId: number | null, opts: { stores?: string[]; testReport?: EngineTask['testReport']; handOver?: boolean } = {}): Promise<ReportJson> {
    // `handOver`: the caller is done with a body in memory, which then moves to the thread uncopied.
    const transfer = opts.handOver && input.kind === 'buffer' ? wholeBufferOf(input.bytes) : [];
    const answer = await this.pool.run({ id: this.nextId++, input, name, memberId, deep: false, stores: opts.stores ?? [], answer: 'json', ...(opts.testReport ? { testReport: opts.testReport } : {}) }, transfer);
    if (!('answer' in answer)) throw new Error('engine thread answered a report object to a JSON task');
    return { answer: answer.answer, verdict: answer.verdict, summary: answer.summary, testReportId: answer.testReportId };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
