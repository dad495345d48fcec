import { useState } from "react";
import type { ContactDetail } from "~/lib/records";
import { SOCIAL_PLATFORMS } from "~/validation/constants";
import { cn } from "~/lib/utils";
import { ContactDetailSchema, TRANSLATED_VALUE_TYPES } from "~/validation/contact-detail";
import { DHIVEHI_TEXT_FIELD } from "./bilingual";
import { SelectField, SwitchField, TextField } from "./form-fields";
import { CONTACT_TYPE_OPTIONS, SOCIAL_PLATFORM_OPTIONS } from "./labels";
import { RecordDialog, RecordForm } from "./record-dialog";

/** A Dhivehi input: right to left, in Thaana (the admin's own words stay English). */

interface ContactDetailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: ContactDetail | null;
}

const VALUE_HINTS: Record<string, string> = {
  phone: "A phone number, e.g. +960 300 1234",
  email: "An email address",
  address: "The full address",
  hours: "e.g. Mon - Sat: 8:00 AM - 6:00 PM",
  website: "A full link starting with https://",
  social: "The profile link, starting with https://",
  whatsapp: "The WhatsApp number with its country code, e.g. +960 777 1234 (a 7-digit number is taken as Maldivian)",
  viber: "The Viber number with its country code, e.g. +960 777 1234 (a 7-digit number is taken as Maldivian)",
};

export function ContactDetailDialog({ open, onOpenChange, detail }: ContactDetailDialogProps) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={detail ? "Edit Contact Detail" : "Add Contact Detail"}
      description="Phone numbers, emails, addresses, hours, website, social links and WhatsApp or Viber numbers shown on the site."
      width="sm:max-w-xl"
    >
      {(close) => <ContactDetailForm key={detail?.id ?? "new"} detail={detail} {...close} />}
    </RecordDialog>
  );
}

function ContactDetailForm({ detail, onDone, onCancel }: { detail: ContactDetail | null; onDone: () => void; onCancel: () => void }) {
  const [type, setType] = useState<string>(detail?.type ?? "phone");
  const translatedValue = TRANSLATED_VALUE_TYPES.has(type);
  const platform = detail?.type === "social" && (SOCIAL_PLATFORMS as readonly string[]).includes(detail.icon ?? "") ? (detail.icon ?? "") : "";

  return (
    <RecordForm schema={ContactDetailSchema} id={detail?.id} noun="Contact Detail" onDone={onDone} onCancel={onCancel} bodyClassName="grid gap-4 overflow-y-auto p-6">
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Type"
              name="type"
              required
              options={CONTACT_TYPE_OPTIONS}
              value={type}
              onChange={(event) => setType(event.currentTarget.value)}
              error={errors.type}
            />
            {type === "social" ? (
              <SelectField label="Social Platform" name="platform" required options={SOCIAL_PLATFORM_OPTIONS} placeholder="Choose a platform" defaultValue={platform} error={errors.platform} />
            ) : (
              <TextField label="Icon" name="icon" hint="Optional icon name, e.g. phone, mail" defaultValue={detail?.type === "social" ? "" : (detail?.icon ?? "")} error={errors.icon} />
            )}
          </div>
          {/* English and Dhivehi side by side (docs/decisions/0092-site-content-in-two-languages.md): the label, and the
              text of an address or the opening hours; numbers, emails and links are the same in both languages. */}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Label" name="label" placeholder="e.g. Office" defaultValue={detail?.label ?? ""} error={errors.label} />
            <TextField
              label="Label (Dhivehi)"
              name="label_dv"
              hint="Shown on the Dhivehi pages; empty shows the English label"
              defaultValue={detail?.label_dv ?? ""}
              error={errors.label_dv}
              {...DHIVEHI_TEXT_FIELD}
            />
          </div>
          <div className={cn("grid gap-4", translatedValue && "sm:grid-cols-2")}>
            <TextField label="Value" name="value" required hint={VALUE_HINTS[type]} defaultValue={detail?.value ?? ""} error={errors.value} autoComplete="off" />
            {translatedValue ? (
              <TextField
                label={type === "hours" ? "Hours (Dhivehi)" : "Address (Dhivehi)"}
                name="value_dv"
                hint="Shown on the Dhivehi pages; empty shows the English text"
                defaultValue={detail?.value_dv ?? ""}
                error={errors.value_dv}
                autoComplete="off"
                {...DHIVEHI_TEXT_FIELD}
              />
            ) : null}
          </div>
          {detail ? (
            <TextField
              label="Display Order"
              name="display_order"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              hint="Lower numbers come first"
              defaultValue={String(detail.display_order)}
              error={errors.display_order}
            />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <SwitchField label="Primary" name="is_primary" description="The main entry of its type" defaultChecked={detail?.is_primary ?? false} />
            <SwitchField label="Public" name="is_public" description="Shown on the public site" defaultChecked={detail?.is_public ?? true} />
          </div>
        </>
      )}
    </RecordForm>
  );
}
