import { Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { CategoryNameDvSchema, CategorySchema } from "~/validation/category";
import { DHIVEHI_INPUT } from "./bilingual";
import { describedBy, FieldError } from "./form-fields";
import { CATEGORY_TYPE_OPTIONS } from "./labels";
import { useSchemaForm } from "./use-schema-form";

// docs/product.md#categories: categories have no screen of their own; the service and project forms pick
// one (type matching or 'both', active, by name) and can create one inline.

export interface CategoryOption {
  id: string;
  name: string;
  /** The name on Dhivehi pages (docs/decisions/0077-dhivehi-design.md). */
  name_dv?: string | null;
}

interface CategoryFieldProps {
  name: string;
  type: "service" | "project";
  categories: CategoryOption[];
  defaultValue: string | null;
  error?: string;
}

export function CategoryField({ name, type, categories, defaultValue, error }: CategoryFieldProps) {
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? "");
  const [creating, setCreating] = useState(false);
  const [added, setAdded] = useState<string[]>([]);
  const selected = categories.find((c) => c.name === value);
  const names = Array.from(new Set([...categories.map((c) => c.name), ...added, ...(value ? [value] : [])])).sort((a, b) =>
    a.localeCompare(b),
  );

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Category</Label>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1 [&>[data-slot=native-select-wrapper]]:w-full">
          <NativeSelect id={id} name={name} value={value} onChange={(event) => setValue(event.currentTarget.value)} {...describedBy(id, undefined, error)}>
            <NativeSelectOption value="">No category</NativeSelectOption>
            {names.map((n) => (
              <NativeSelectOption key={n} value={n}>
                {n}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <Button type="button" variant="outline" aria-expanded={creating} onClick={() => setCreating((open) => !open)}>
          <Plus aria-hidden="true" />
          New category
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {selected && !creating ? <CategoryNameDv key={selected.id} category={selected} /> : null}
      {creating ? (
        <NewCategory
          type={type}
          onCreated={(created) => {
            setAdded((list) => [...list, created]);
            setValue(created);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}
    </div>
  );
}

/**
 * The inline create form. It sits inside the dialog's <form>, so it has no <form> of its own (forms
 * cannot nest) and its inputs have no names: it posts its values with intent create-category (useSchemaForm's submit).
 */
function NewCategory({ type, onCreated, onCancel }: { type: "service" | "project"; onCreated: (name: string) => void; onCancel: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ name: "", name_dv: "", description: "", type: type as string });
  const { errors, busy, submit } = useSchemaForm(CategorySchema, (result) => {
    if (result.ok && result.name) onCreated(result.name);
  });

  useEffect(() => {
    document.getElementById(`${id}-name`)?.focus();
  }, [id]);

  const create = () => submit({ intent: "create-category", ...values });

  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      create();
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border bg-muted/40 p-3">
      <p id={`${id}-title`} className="text-sm font-semibold">
        New category
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Category name</Label>
          <Input
            id={`${id}-name`}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
            onKeyDown={onEnter}
            {...describedBy(`${id}-name`, undefined, errors.name)}
          />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div className="grid gap-2">
          {/* The name on Dhivehi pages (docs/decisions/0077-dhivehi-design.md), right to left in the Thaana font. */}
          <Label htmlFor={`${id}-name-dv`}>Dhivehi name</Label>
          <Input
            id={`${id}-name-dv`}
            {...DHIVEHI_INPUT}
            value={values.name_dv}
            onChange={(event) => setValues({ ...values, name_dv: event.currentTarget.value })}
            onKeyDown={onEnter}
            {...describedBy(`${id}-name-dv`, undefined, errors.name_dv)}
          />
          <FieldError id={`${id}-name-dv-error`} message={errors.name_dv} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-type`}>Category type</Label>
          <div className="[&>[data-slot=native-select-wrapper]]:w-full">
            <NativeSelect id={`${id}-type`} value={values.type} onChange={(event) => setValues({ ...values, type: event.currentTarget.value })}>
              {CATEGORY_TYPE_OPTIONS.map((o) => (
                <NativeSelectOption key={o.value} value={o.value}>
                  {o.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <FieldError message={errors.type} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>Category description</Label>
          <Input
            id={`${id}-description`}
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
            onKeyDown={onEnter}
            {...describedBy(`${id}-description`, undefined, errors.description)}
          />
          <FieldError id={`${id}-description-error`} message={errors.description} />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" size="sm" disabled={busy} onClick={create}>
          {busy ? "Creating..." : "Create Category"}
        </Button>
      </div>
    </div>
  );
}

/**
 * The chosen category's Dhivehi name, shown on Dhivehi pages (docs/decisions/0077-dhivehi-design.md). Inside the
 * dialog's form, so its input has no name and it posts with intent name-category on its own (useSchemaForm's submit).
 */
function CategoryNameDv({ category }: { category: CategoryOption }) {
  const id = useId();
  const [nameDv, setNameDv] = useState(category.name_dv ?? "");
  const { errors, busy, submit } = useSchemaForm(CategoryNameDvSchema);
  const save = () => submit({ intent: "name-category", id: category.id, name_dv: nameDv });
  return (
    <div className="grid items-start gap-2 sm:grid-cols-[1fr_auto]">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name-dv`} className="text-xs text-muted-foreground">
          Category&apos;s Dhivehi name
        </Label>
        <Input
          id={`${id}-name-dv`}
          {...DHIVEHI_INPUT}
          value={nameDv}
          onChange={(event) => setNameDv(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              save();
            }
          }}
          {...describedBy(`${id}-name-dv`, undefined, errors.name_dv)}
        />
        <FieldError id={`${id}-name-dv-error`} message={errors.name_dv} />
      </div>
      <Button type="button" variant="outline" className="sm:mt-6" disabled={busy || nameDv === (category.name_dv ?? "")} onClick={save}>
        {busy ? "Saving..." : "Save Dhivehi name"}
      </Button>
    </div>
  );
}
