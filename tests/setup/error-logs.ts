import { afterAll, afterEach } from "vitest";
import { forgetInsightForTests } from "~/.server/insight/insight";
import { drainErrorLogs } from "~/.server/logger";

// An error-level log line that a test did not ask for is a failure: a stray logger.error would otherwise pass every
// test. A test that provokes an error on purpose takes (and checks) its lines with drainErrorLogs().
afterEach(() => {
  const unexpected = drainErrorLogs();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected error-level log line(s):\n${unexpected.map((l) => JSON.stringify(l)).join("\n")}`);
  }
});

// A file's Insight counter goes with the file: its next flush would write into another file's database.
afterAll(() => {
  forgetInsightForTests();
});
