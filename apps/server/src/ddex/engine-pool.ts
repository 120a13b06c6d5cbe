/** The server's pool of worker threads running the engine (validate dry runs, deliveries). */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { WorkerPool } from '@ddex-check/engine';
import type { DeliveryReport, EngineAnswer, EngineTask, EngineWorkerData } from './engine-task.js';
import { asPartnerReport } from './partner-report.js';

/** The compiled worker, also when this module runs from `src` (tests): workers load dist. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.replace(/[\\/]src[\\/]ddex[\\/]engine-pool\.ts$/, '/dist/ddex/engine-pool.js').replace(/engine-pool\.js$/, 'engine-worker.js');
}

/** Runs the engine on worker threads (`WorkerPool` of the engine: queue, on-demand threads, replacement of a dead one). */
export class EnginePool {
  private readonly pool: WorkerPool<EngineTask, EngineAnswer, DeliveryReport>;
  private nextId = 1;

  constructor(size: number, data: EngineWorkerData) {
    this.pool = new WorkerPool({
      size,
      spawn: () => new Worker(workerFile(), { workerData: data }),
      settle: (answer) => {
        if (!answer.ok) throw new Error(answer.error);
        return answer.report;
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
    const report = await this.pool.run({ id: this.nextId++, input, name, memberId, deep: opts.deep ?? false, stores: opts.stores ?? [] });
    const partner: DeliveryReport = asPartnerReport(report);
    if (report.release_snapshots) partner.release_snapshots = report.release_snapshots;
    return partner;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
