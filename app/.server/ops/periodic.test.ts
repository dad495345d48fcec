import { describe, expect, it } from "vitest";
import { periodicJob } from "./periodic";

describe("periodicJob", () => {
  it("runs one at a time, keeps going after a failure, and stop waits for the run under way", async () => {
    let calls = 0;
    let release: () => void = () => {};
    const job = periodicJob(
      "test job failed",
      () => {
        calls++;
        if (calls === 1) return Promise.reject(new Error("first run fails"));
        return new Promise<void>((resolve) => (release = resolve));
      },
      "warn",
    );
    job.run();
    await job.idle();
    expect(calls).toBe(1);

    job.run();
    job.run(); // under way: no second run
    expect(calls).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it("starts with a run, ignores a second start, and stops its timer", async () => {
    let calls = 0;
    const job = periodicJob("test job failed", async () => {
      calls++;
    });
    job.start(10);
    job.start(10);
    await job.idle();
    expect(calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 35));
    await job.stop();
    const after = calls;
    expect(after).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(after);
  });
});
