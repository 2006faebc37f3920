import { LIMITS } from "@site/contracts";
import { TextField } from "~/components/ui/field";

type Key = "email" | "phone";

/** The required Email and Phone fields both lead forms ask for, with the same limits and autofill. */
export function EmailPhoneFields({
  values,
  errors,
  setValue,
}: {
  values: Record<Key, string>;
  errors: Partial<Record<Key, string>>;
  setValue: (field: Key, value: string) => void;
}) {
  return (
    <>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
        maxLength={LIMITS.email}
        value={values.email}
        onChange={(e) => setValue("email", e.target.value)}
        error={errors.email}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        maxLength={LIMITS.phone}
        value={values.phone}
        onChange={(e) => setValue("phone", e.target.value)}
        error={errors.phone}
      />
    </>
  );
}
