import os from "node:os";
import { defineConfig } from "vitest/config";

// Vitest has its own config so it does not load the React Router plugin (made for the app's dev server and
// build, not for tests); resolve.tsconfigPaths gives it the ~/ alias, which Vite 8 does not resolve by itself.
// Integration tests run once per engine: SQLite always, Postgres when TEST_DATABASE_URL is set.
const engines = ["sqlite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest leaves one core free by default, which on a 2-core machine means one test file at a time; the
    // integration tests spend much of their time waiting on disk and Postgres, so two files at once finish sooner.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker keeps the modules it has imported from one test file to the next instead of importing the app again
    // for each of the ~120 files (that was 67 s of the 177 s run). Safe because a test file leaves no module state
    // behind: every setter a test uses is reset in its own afterEach/afterAll, and each test gets its own database
    // (docs/decisions/0035-test-suite-speed.md; proven by runs in shuffled order, docs/performance.md).
    isolate: false,
    // Fails a test that leaves an error-level log line it did not expect, and drops each file's Insight counter.
    setupFiles: ["tests/setup/error-logs.ts"],
    env: {
      NODE_ENV: "test",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: ".tmp/vitest-data",
      // @aws-sdk 3.1169 is the last line for Node 20; its upgrade notice is not a test failure.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts"], environment: "node" },
      },
      ...engines.map((engine) => ({
        extends: true as const,
        test: {
          name: `integration-${engine}`,
          // *.pg.test.ts need Postgres itself (several processes on one database): the Postgres run only.
          include: ["tests/integration/**/*.test.ts"],
          exclude: engine === "postgres" ? [] : ["tests/integration/**/*.pg.test.ts"],
          environment: "node",
          env: { TEST_ENGINE: engine },
          // Names this run's migrated template database, which each test's fresh database copies.
          globalSetup: ["tests/setup/template-database.ts"],
          // A minute: on a shared 2-core machine the route-by-route access test has taken over 30 s.
          testTimeout: 60_000,
          // One retry on CI only, as the browser tests have (playwright.config.ts): workers keep modules between files,
          // and a background pass one file left running can log an error that the next file's test is then failed for
          // (an Insight flush did, once, in a fresh-clone run; tests/setup/error-logs.ts now drops each file's
          // counter). A test that fails twice fails the run.
          retry: process.env.CI ? 1 : 0,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
