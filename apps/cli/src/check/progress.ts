/**
 * Progress on stderr: an ora spinner with "n/N" and the file being read when stderr is an
 * interactive terminal; otherwise one plain line per finished input (in input order, so logs are
 * stable) when there is more than one input; nothing at all with --quiet.
 */
import type { Ora } from 'ora';
import type { Report } from '@ddex-check/engine';
import type { CliIo } from '../io.js';

export interface Progress {
  working(index: number, file: string | undefined): void;
  finished(index: number, source: string, report: Report | null): void;
  stop(): void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A terminal that can show a spinner. A pseudo-terminal of zero columns (`script` or `docker exec -t`
 * before a size is set) gets the plain lines: ora, redrawing there, clears lines forever.
 */
export function isInteractive(io: CliIo): boolean {
  const columns = (io.stderr as { columns?: number }).columns;
  return io.stderr.isTTY === true && io.env.TERM !== 'dumb' && !io.env.CI && typeof columns === 'number' && columns > 0;
}

export function createProgress(io: CliIo, sources: string[], quiet: boolean): Progress {
  const total = sources.length;
  let done = 0;
  if (quiet) return { working() {}, finished() {}, stop() {} };
  if (isInteractive(io)) {
    const current = new Map<number, string>();
    // ora (and string-width under it, whose start-up builds an emoji regex and a segmenter: about
    // 15 ms) is loaded only here, on a terminal: a run in a script or a pipe never pays for it.
    // The spinner starts when it has loaded, with the count as it is then.
    let spinner: Ora | null = null;
    let stopped = false;
    const text = () => {
      const [index, file] = [...current].at(-1) ?? [undefined, undefined];
      const what = index === undefined ? '' : ` ${sources[index]}${file && file !== sources[index] ? ` › ${file}` : ''}`;
      return `${done}/${total} checking${what}`;
    };
    void import('ora').then(
      ({ default: ora }) => {
        if (stopped) return;
        spinner = ora({ stream: io.stderr as NodeJS.WritableStream, isEnabled: true, discardStdin: false }).start(text());
      },
      () => undefined, // no spinner: the run goes on without progress
    );
    const render = () => {
      if (spinner) spinner.text = text();
    };
    return {
      working(index, file) {
        current.set(index, file ?? sources[index]);
        render();
      },
      finished(index) {
        done++;
        current.delete(index);
        render();
        // A finished input is drawn at once (file changes wait for the next frame): a fast run
        // would otherwise end between two frames and never show its count move.
        spinner?.render();
      },
      stop() {
        stopped = true;
        spinner?.stop();
      },
    };
  }
  if (total < 2) return { working() {}, finished() {}, stop() {} };
  const results = new Map<number, string>();
  let next = 0;
  return {
    working() {},
    finished(index, source, report) {
      done++;
      const s = report?.summary;
      results.set(index, `[${index + 1}/${total}] ${source}: ${report ? `${report.verdict} (${plural(s!.errors, "error")}, ${plural(s!.warnings, "warning")})` : 'failed'}\n`);
      // Lines come out in input order whatever the completion order.
      while (results.has(next)) {
        io.stderr.write(results.get(next)!);
        results.delete(next);
        next++;
      }
    },
    stop() {},
  };
}
