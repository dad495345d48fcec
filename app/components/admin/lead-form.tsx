import type { Mail } from "lucide-react";
import { useRef } from "react";
import type { z } from "zod";
import { useSchemaForm } from "./use-schema-form";

// The pieces every part of the lead panel is made of: a small form posting one intent, and a titled section.

/** A field beside its button: up to 11 rem, narrower when the column is (the button keeps its size). */
export const GROWING_CONTROL = "min-w-0 max-w-44 flex-1";

/** One form of the panel, checked by its intent's schema (useSchemaForm); reset after a success when asked. */
export function LeadForm({
  intent,
  schema,
  id,
  children,
  className,
  label,
  resetOnSuccess,
  onSuccess,
}: {
  intent: string;
  schema: z.ZodType;
  id: string;
  label: string;
  className?: string;
  resetOnSuccess?: boolean;
  /** After a success, for what the form's reset does not clear (a controlled field). */
  onSuccess?: () => void;
  children: (state: { errors: Record<string, string>; busy: boolean }) => React.ReactNode;
}) {
  // The form element's own ref is the hook's (focus on the first invalid field); its intent field reaches the form too.
  const intentRef = useRef<HTMLInputElement>(null);
  const { fetcher, errors, busy, formProps } = useSchemaForm(schema, (result) => {
    if (!result.ok) return;
    if (resetOnSuccess) intentRef.current?.form?.reset();
    onSuccess?.();
  });
  return (
    <fetcher.Form {...formProps} aria-label={`${label} form`} className={className}>
      <input ref={intentRef} type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {children({ errors, busy })}
    </fetcher.Form>
  );
}

export function Section({ title, icon: Icon, children }: { title: string; icon: typeof Mail; children: React.ReactNode }) {
  return (
    <section className="grid gap-3 border-t pt-4" aria-label={title}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        {title}
      </h3>
      {children}
    </section>
  );
}
