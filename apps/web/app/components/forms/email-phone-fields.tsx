import { LIMITS } from "@site/contracts";
import { TextField } from "~/components/ui/field";
import type { FieldBinding } from "~/lib/use-lead-form";

/** The required Email and Phone fields both lead forms ask for, with the same limits and autofill. */
export function EmailPhoneFields({ bind }: { bind: (name: "email" | "phone") => FieldBinding }) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
        maxLength={LIMITS.email}
        {...bind("email")}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={LIMITS.phone}
        {...bind("phone")}
      />
    </>
  );
}
