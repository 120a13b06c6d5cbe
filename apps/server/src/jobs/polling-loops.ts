/**
 * A fixed number of loops that each take the next piece of work (`step` answers whether it found
 * any) and otherwise sleep until the poll interval or a `nudge()`; `stop()` lets the running steps
 * finish. The delivery worker and the job runner are both made of these.
 */
export class PollingLoops {
  private stopping = false;
  private loops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly step: () => Promise<boolean>,
    private readonly o: { count: number; pollMs: number; onError: (error: unknown) => void },
  ) {}

  start(): void {
    for (let i = 0; i < this.o.count; i++) this.loops.push(this.loop());
  }

  /** Work was added: every sleeping loop looks now instead of at its next poll. */
  nudge(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.nudge();
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let worked = false;
      try {
        worked = await this.step();
      } catch (error) {
        this.o.onError(error);
      }
      if (!worked && !this.stopping) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.o.pollMs);
      this.sleepers.add(wake);
    });
  }
}
