import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

// Unsaved work is never lost silently: closing a form or dialog with changes, following a link away
// from it or closing the tab asks first. One hook for every admin form (services, projects, contact
// details, site content).

export const UNSAVED_TITLE = "Discard unsaved changes?";
export const UNSAVED_DESCRIPTION = "You have changes that are not saved. If you leave now, they will be lost.";

/**
 * For a form in a dialog: `confirmThen(close)` runs `close` at once when `isDirty()` is false, else
 * after the user chose to discard. Render `dialog` once in the component.
 */
export function useUnsavedChanges(isDirty: () => boolean) {
  const dirtyRef = useRef(isDirty);
  // The latest check, for handlers made once (kept in a ref after each render, not during it).
  useLayoutEffect(() => {
    dirtyRef.current = isDirty;
  });
  const [pending, setPending] = useState<(() => void) | null>(null);
  const confirmThen = useCallback((proceed: () => void) => {
    if (dirtyRef.current()) setPending(() => proceed);
    else proceed();
  }, []);
  const dialog = (
    <UnsavedChangesDialog
      open={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        const proceed = pending;
        setPending(null);
        proceed?.();
      }}
    />
  );
  return { confirmThen, dialog };
}

/**
 * For a form that is the page itself: also asks before the router leaves the page (links, the back
 * button) and lets the browser ask before the tab closes. One per page: the router keeps one blocker.
 */
export function useUnsavedChangesPage(isDirty: () => boolean) {
  const dirtyRef = useRef(isDirty);
  // The latest check, for handlers made once (kept in a ref after each render, not during it).
  useLayoutEffect(() => {
    dirtyRef.current = isDirty;
  });
  const guard = useUnsavedChanges(isDirty);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string } }) =>
        dirtyRef.current() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [],
    ),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current()) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
  const blocked = blocker.state === "blocked";
  const dialog = (
    <>
      {guard.dialog}
      <UnsavedChangesDialog open={blocked} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </>
  );
  return { confirmThen: guard.confirmThen, dialog };
}

function UnsavedChangesDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onStay())}
      title={UNSAVED_TITLE}
      description={UNSAVED_DESCRIPTION}
      cancelLabel="Keep editing"
      confirmLabel="Discard changes"
      onConfirm={onLeave}
    />
  );
}

/** The form's fields as one string, to tell whether anything changed since `snapshot` was taken. */
export function serializeForm(form: HTMLFormElement | null | undefined): string {
  if (!form) return "";
  const pairs: string[] = [];
  for (const [key, value] of new FormData(form)) pairs.push(`${key}=${typeof value === "string" ? value : `file:${value.name}:${value.size}`}`);
  return pairs.join("&");
}

/**
 * For an admin dialog holding one form. The form's fields are recorded just before the user first
 * touches the dialog (the first focus, pointer or key press: nothing changes without one; the dialog
 * focuses its first field when it opens), and a close (Esc, the X,
 * the overlay, Cancel) compares against that record and asks when they differ. `close` skips the
 * question: for a successful save.
 */
export function useGuardedDialog(onOpenChange: (open: boolean) => void) {
  const contentRef = useRef<HTMLDivElement | null>(null);
  const baseline = useRef<string | null>(null);
  const form = () => contentRef.current?.querySelector("form") ?? null;
  const guard = useUnsavedChanges(() => baseline.current !== null && serializeForm(form()) !== baseline.current);
  const record = () => {
    baseline.current ??= serializeForm(form());
  };
  const close = () => {
    baseline.current = null;
    onOpenChange(false);
  };
  const requestClose = () => guard.confirmThen(close);
  return {
    /** For the Dialog: opening passes through, closing asks first when something changed. */
    onOpenChange: (open: boolean) => (open ? onOpenChange(true) : requestClose()),
    /** For the DialogContent. */
    contentProps: { ref: contentRef, onFocusCapture: record, onPointerDownCapture: record, onKeyDownCapture: record },
    requestClose,
    close,
    dialog: guard.dialog,
  };
}
