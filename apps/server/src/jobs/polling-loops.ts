/**
 * A fixed number of loops that each take the next piece of work and otherwise sleep until woken:
 * by `nudge()` (work was added), or by the one timer the idle loops share (`idleMs`, asked anew each
 * time a loop finds nothing). An idle group costs one look per interval, however many loops it has: the timer
 * wakes one loop, and a loop that finds work wakes one more, so a burst spreads over the loops.
 * `stop()` lets the running work finish. Each lane of the job runner is one of these.
 */
export type Claim = () => Promise<(() => Promise<void>) | null>;

export class PollingLoops {
  private stopping = false;
  private loops: Promise<void>[] = [];
  private readonly sleepers: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private arming = false;
  /** A nudge that found no loop asleep: the next loop going to sleep looks again first. */
  private nudged = false;

  /** `claim` answers the work it took (to be run), or null when there is none. */
  constructor(
    private readonly claim: Claim,
    private readonly o: { count: number; idleMs: () => number | Promise<number>; onError: (error: unknown) => void },
  ) {}

  start(): void {
    for (let i = 0; i < this.o.count; i++) this.loops.push(this.loop());
  }

  /** Work was added: a sleeping loop looks now instead of at the next interval. */
  nudge(): void {
    if (!this.wakeOne()) this.nudged = true;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.wakeOne());
    await Promise.all(this.loops);
  }

  private wakeOne(): boolean {
    const wake = this.sleepers.shift();
    wake?.();
    return wake !== undefined;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let work: Awaited<ReturnType<Claim>> = null;
      try {
        work = await this.claim();
      } catch (error) {
        this.o.onError(error);
      }
      if (work) {
        // There may be more: another loop looks while this one works.
        this.wakeOne();
        try {
          await work();
        } catch (error) {
          this.o.onError(error);
        }
      } else if (!this.stopping) {
        await this.sleep();
      }
    }
  }

  private sleep(): Promise<void> {
    if (this.nudged) {
      this.nudged = false;
      return Promise.resolve();
    }
    const asleep = new Promise<void>((resolve) => this.sleepers.push(resolve));
    // Set anew: since it was set, a job may have been added that falls due sooner.
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.arming) void this.armTimer();
    return asleep;
  }

  private async armTimer(): Promise<void> {
    this.arming = true;
    let ms: number;
    try {
      ms = await this.o.idleMs();
    } catch (error) {
      this.o.onError(error);
      ms = 1000;
    } finally {
      this.arming = false;
    }
    if (this.stopping || this.timer || this.sleepers.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // The woken loop re-arms the timer when it finds nothing; when it finds work, it wakes another.
      this.wakeOne();
    }, Math.max(0, ms));
  }
}
