// Starting the public pages' behaviours (docs/decisions/0029-island-attributes-and-isolated-behaviours.md): each
// runs on its own, so one that throws (markup it did not expect) stops no other. Shared by the pages' scripts,
// ./site.ts and ./enquiry.ts.

/** Runs one behaviour; a failure is reported and stops nothing else. */
export function guard(name: string, init: () => void) {
  try {
    init();
  } catch (error) {
    console.error(`island: ${name} failed`, error);
  }
}

/** Runs each behaviour in turn, each guarded. */
export function startIsland(behaviours: ReadonlyArray<readonly [name: string, init: () => void]>) {
  for (const [name, init] of behaviours) guard(name, init);
}
