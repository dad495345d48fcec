// ESLint: typescript-eslint's recommended rules and React's rules of hooks, with no warnings allowed
// (`npm test` runs `eslint --max-warnings 0`). Type checking itself is `tsc`'s, which `npm test` also runs; two
// type-aware rules run here on the app and the server, where an unhandled promise loses an error or a write
// (docs/decisions/0078-faster-stricter-checks-and-the-css-pruner.md).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", ".tmp/", "data/", "node_modules/", "public/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  // React code lives in app/; tests' use* helpers (useTestDatabase) are Vitest fixtures, not hooks.
  { files: ["app/**/*.{ts,tsx}"], ...reactHooks.configs.flat["recommended-latest"] },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Names starting with _ are deliberately unused (destructuring a field away, an unused parameter).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // Components get plain data as props (app/components/README.md): server code, even a type, stays out of them.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^~/\\.server(/|$))|(/\\.server(/|$))", message: "Components take plain data; shared types belong in app/lib (e.g. ~/lib/records)." }] },
      ],
    },
  },
  {
    // A fetcher's submit returns a promise that rejects when a newer submit or a navigation cancels it; submitFetcher
    // (app/components/admin/fetcher-submit.ts) lets that expected AbortError go and keeps every other error.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/admin/fetcher-submit.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='submit']", message: "Use submitFetcher(fetcher, ...) from app/components/admin/fetcher-submit.ts." },
      ],
    },
  },
  {
    // A promise nobody awaits or catches drops its error (an unhandled rejection), and a promise handed to something
    // that expects a plain function (an onClick, a forEach) is never awaited. `void` says it is on purpose.
    // Type-aware, so only here, on one program of the app and the server (tsconfig.eslint.json), not the tests'.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    languageOptions: { parserOptions: { project: "./tsconfig.eslint.json", tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Migrations run on an untyped Kysely<any>, as Kysely advises: the schema at that point in history is not today's.
    files: ["app/.server/db/migrations.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
