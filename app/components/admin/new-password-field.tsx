import { useState } from "react";
import { NEW_PASSWORD_HINT, NEW_PASSWORD_MIN, PASSWORD_TOO_SHORT } from "~/validation/constants";
import { TextField } from "./form-fields";

type Props = { label: string; name: string; error?: string; className?: string; required?: boolean };

/**
 * A new password field (invite, reset, change): the policy's hint, and the length checked as soon as the field is left.
 * The common-password list is checked on the server only (docs/decisions/0073-one-password-policy.md), whose
 * error replaces this one.
 */
export function NewPasswordField({ error, ...props }: Props) {
  const [tooShort, setTooShort] = useState(false);
  return (
    <TextField
      {...props}
      type="password"
      autoComplete="new-password"
      minLength={NEW_PASSWORD_MIN}
      hint={NEW_PASSWORD_HINT}
      error={error ?? (tooShort ? PASSWORD_TOO_SHORT : undefined)}
      onBlur={(event) => setTooShort(event.currentTarget.value.length > 0 && event.currentTarget.value.length < NEW_PASSWORD_MIN)}
      onChange={(event) => {
        if (tooShort && event.currentTarget.value.length >= NEW_PASSWORD_MIN) setTooShort(false);
      }}
    />
  );
}
