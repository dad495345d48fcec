import { Bold, Heading3, Italic, Link, List, ListOrdered } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { describedBy, FieldShell } from "./form-fields";
import { FORMAT_LABELS, type FormatAction, FORMATTING_HINT, formatEdit, shortcutAction } from "./formatting";

// A textarea for formatted text with a toolbar and the usual shortcuts (docs/decisions/0084-formatted-text-as-a-markdown-subset.md):
// the buttons type Markdown into the text, which is what is stored, so the field posts like any textarea and
// plain text stays plain text. No editor library: the admin's bundle stays as it was.

const BUTTONS: Array<{ action: FormatAction; icon: typeof Bold }> = [
  { action: "bold", icon: Bold },
  { action: "italic", icon: Italic },
  { action: "link", icon: Link },
  { action: "bullets", icon: List },
  { action: "numbers", icon: ListOrdered },
  { action: "heading", icon: Heading3 },
];

/**
 * Replaces the selection through the browser's own editing, so Undo takes the action back and React's onChange
 * (a controlled field) or the form's unsaved-changes check sees an input event; setRangeText where that is missing.
 */
function applyTo(textarea: HTMLTextAreaElement, action: FormatAction) {
  const edit = formatEdit(action, textarea.value, textarea.selectionStart, textarea.selectionEnd);
  textarea.focus();
  textarea.setSelectionRange(edit.from, edit.to);
  const expected = textarea.value.slice(0, edit.from) + edit.insert + textarea.value.slice(edit.to);
  const inserted = edit.insert === "" ? document.execCommand("delete") : document.execCommand("insertText", false, edit.insert);
  if (!inserted || textarea.value !== expected) {
    textarea.value = expected;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }
  textarea.setSelectionRange(...edit.select);
}

type AreaProps = Omit<React.ComponentProps<"textarea">, "id"> & { id: string; label: string };

/** The toolbar and the textarea, for a caller that draws its own label (the Site Content editor). */
export function FormattedTextArea({ id, label, onKeyDown, ...props }: AreaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const run = (action: FormatAction) => {
    if (ref.current) applyTo(ref.current, action);
  };
  return (
    <div className="grid gap-1">
      {/* Named "Formatting" alone: a name holding the field's label would make the toolbar a second match for it. */}
      <div role="toolbar" aria-label="Formatting" aria-controls={id} data-formats={label} className="flex flex-wrap gap-0.5">
        {BUTTONS.map(({ action, icon: Icon }) => {
          const { label: name, keys } = FORMAT_LABELS[action];
          return (
            <Button
              key={action}
              type="button"
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label={name}
              title={`${name} (${keys})`}
              // The textarea keeps its selection: a press on the button does not take the focus from it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(action)}
            >
              <Icon aria-hidden="true" />
            </Button>
          );
        })}
      </div>
      <Textarea
        ref={ref}
        id={id}
        onKeyDown={(event) => {
          const action = shortcutAction(event);
          if (action) {
            event.preventDefault();
            run(action);
          }
          onKeyDown?.(event);
        }}
        {...props}
      />
    </div>
  );
}

type FieldProps = Omit<React.ComponentProps<"textarea">, "id"> & {
  label: string;
  name: string;
  error?: string;
  className?: string;
};

/** A dialog's formatted text field: label, toolbar, textarea, the formatting hint and the field error (as TextAreaField). */
export function FormattedTextField({ label, error, required, className, ...props }: FieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={FORMATTING_HINT} error={error} required={required} className={className}>
      <FormattedTextArea id={id} label={label} required={required} {...describedBy(id, FORMATTING_HINT, error)} {...props} />
    </FieldShell>
  );
}
