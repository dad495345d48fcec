import { logger } from "../logger";

// The server's background jobs (the Trash purge, activity and mail pruning, the mail queue, the lead digest, the
// rate-limit pruning) share one shape: a run at start and then on a timer that does not keep the process alive, one
// run at a time in a process, a failure logged for the next tick to try again, and a stop that waits for a run under
// way, so the database closes after it.

export interface PeriodicJob {
  /** Runs now and then every `intervalMs`; a second start is ignored. */
  start(intervalMs: number): void;
  /** Runs now, in the background, unless a run is under way. */
  run(): void;
  /** Resolves when no run is under way. */
  idle(): Promise<void>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/** A job whose failures are logged as `failure` at `level` (a warning where the next run simply tries again). */
export function periodicJob(failure: string, work: () => Promise<unknown>, level: "error" | "warn" = "error"): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = work()
      .then(
        () => undefined,
        (error: unknown) => logger[level]({ err: error }, failure),
      )
      .finally(() => {
        running = null;
      });
  };
  return {
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(run, intervalMs);
      timer.unref();
      run();
    },
    run,
    async idle() {
      await running;
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
