import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Public pages are rendered on the server and never hydrated (docs/decisions/0007-public-pages-without-hydration.md):
// a hook that only does its work in the browser (state, effects, refs, event-driven memo) would be dead code
// here; behaviour belongs in the island script (app/islands/site.ts). useId and useContext work on the server.
const CLIENT_HOOKS = /\b(useState|useEffect|useLayoutEffect|useInsertionEffect|useRef|useReducer|useCallback|useMemo|useTransition|useDeferredValue|useSyncExternalStore|useOptimistic|useActionState|useFormStatus|useImperativeHandle|useEffectEvent)\b/;

const dir = path.resolve("app/components/site");
const sources = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
  .map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), "utf8") }));

describe("public components", () => {
  it("are read from app/components/site", () => {
    expect(sources.length).toBeGreaterThan(10);
  });

  it("use no hook that needs the browser (the island does the behaviour)", () => {
    const offenders = sources.filter((s) => CLIENT_HOOKS.test(s.text)).map((s) => `${s.file}: ${CLIENT_HOOKS.exec(s.text)?.[1]}`);
    expect(offenders).toEqual([]);
  });
});
