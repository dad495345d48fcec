import { Save } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import type { UploadFolder } from "~/validation/constants";
import { type SettingKey, SettingUpdateSchema } from "~/validation/settings";
import { describedBy, FieldError, FieldShell, SelectOptions, SwitchField } from "./form-fields";
import type { Option } from "./labels";
import { MediaUrlField } from "./media-fields";
import { useSchemaForm } from "./use-schema-form";

// One control per site setting, each with its own fetcher so that saves never cancel each other.
// Every change goes through the settings action ({ intent: update, key, value }).

function useSetting(key: SettingKey, saved: string) {
  const { fetcher, errors, busy, submit } = useSchemaForm(SettingUpdateSchema);
  const pending = fetcher.formData?.get("value");
  return {
    /** The value being saved, else the saved one: the switch moves at once. */
    current: typeof pending === "string" ? pending : saved,
    save: (value: string) => submit({ intent: "update", key, value }),
    busy,
    error: errors.value ?? errors.key,
  };
}

export function SettingSwitch({
  settingKey,
  saved,
  label,
  description,
  on = "true",
  off = "false",
  onChange,
}: {
  settingKey: SettingKey;
  saved: string;
  label: string;
  description?: string;
  on?: string;
  off?: string;
  onChange?: (value: string) => void;
}) {
  const setting = useSetting(settingKey, saved);
  return (
    <div className="grid gap-1">
      <SwitchField
        label={label}
        description={description}
        checked={setting.current === on}
        disabled={setting.busy}
        onCheckedChange={(checked) => {
          const value = checked ? on : off;
          onChange?.(value);
          setting.save(value);
        }}
      />
      <FieldError message={setting.error} />
    </div>
  );
}

export function SettingSelect({ settingKey, saved, label, options, onChange }: { settingKey: SettingKey; saved: string; label: string; options: Option[]; onChange?: (value: string) => void }) {
  const id = useId();
  const setting = useSetting(settingKey, saved);
  return (
    <FieldShell id={id} label={label} error={setting.error}>
      <div className="[&>[data-slot=native-select-wrapper]]:w-full sm:[&>[data-slot=native-select-wrapper]]:w-64">
        <NativeSelect
          id={id}
          value={setting.current}
          disabled={setting.busy}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange?.(value);
            setting.save(value);
          }}
          {...describedBy(id, undefined, setting.error)}
        >
          <SelectOptions options={options} />
        </NativeSelect>
      </div>
    </FieldShell>
  );
}

export function SettingTextField({ settingKey, saved, label, placeholder, hint }: { settingKey: SettingKey; saved: string; label: string; placeholder?: string; hint?: string }) {
  const id = useId();
  const setting = useSetting(settingKey, saved);
  const [value, setValue] = useState(saved);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setting.save(value);
      }}
    >
      <FieldShell id={id} label={label} hint={hint} error={setting.error}>
        <div className="flex gap-2">
          <Input id={id} value={value} placeholder={placeholder} onChange={(event) => setValue(event.currentTarget.value)} {...describedBy(id, hint, setting.error)} />
          <SaveButton busy={setting.busy} label={label} />
        </div>
      </FieldShell>
    </form>
  );
}

export function SettingMediaField({
  settingKey,
  saved,
  label,
  uploadLabel,
  folder,
  kind = "image",
  previewOn,
}: {
  settingKey: SettingKey;
  saved: string;
  label: string;
  uploadLabel: string;
  folder: UploadFolder;
  kind?: "image" | "video";
  previewOn?: "light" | "dark";
}) {
  const setting = useSetting(settingKey, saved);
  const [value, setValue] = useState(saved);
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setting.save(value);
      }}
    >
      <MediaUrlField
        label={label}
        uploadLabel={uploadLabel}
        name="value"
        bucket="site-assets"
        folder={folder}
        kind={kind}
        previewOn={previewOn}
        value={value}
        onChange={setValue}
        error={setting.error}
        // An uploaded file is saved at once: that is why it was uploaded.
        onUploaded={(url) => setting.save(url)}
      />
      <div className="flex justify-end">
        <SaveButton busy={setting.busy} label={label} />
      </div>
    </form>
  );
}

function SaveButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button type="submit" variant="secondary" disabled={busy} aria-label={busy ? undefined : `Save ${label}`}>
      <Save aria-hidden="true" />
      {busy ? "Saving..." : "Save"}
    </Button>
  );
}
