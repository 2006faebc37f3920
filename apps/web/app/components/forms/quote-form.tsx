import { LIMITS, QUOTATION_SERVICES } from "@site/contracts";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { ServiceUnreachableError } from "~/lib/api-client";
import { type LeadFormMessages, useLeadForm } from "~/lib/use-lead-form";
import { EmailPhoneFields } from "./email-phone-fields";
import { LeadFormShell } from "./lead-form-shell";

const FALLBACK = "An error occurred. Please try again.";

/**
 * Spec §8, exact strings. A service that cannot be reached gets the fallback (not the engine's own
 * wording); any other error shows its own message, or the fallback.
 */
export const quoteMessages: LeadFormMessages = {
  success: "Your quote request has been submitted successfully!",
  failure: "Failed to submit the quote request. Please try again.",
  unreachable: (error) =>
    error instanceof Error && error.message && !(error instanceof ServiceUnreachableError)
      ? error.message
      : FALLBACK,
};

const empty = { name: "", company: "", email: "", phone: "", service: "", details: "" };

export function QuoteForm() {
  const { bind, form } = useLeadForm({
    kind: "quotation",
    initialValues: empty,
    messages: quoteMessages,
  });
  return (
    <LeadFormShell
      id="quote-form"
      title="Your project"
      submitLabel="Request Quote"
      privacyPurpose="prepare your quotation and discuss it with you"
      {...form}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" required maxLength={LIMITS.name} {...bind("name")} />
        <TextField
          label="Company"
          autoComplete="organization"
          maxLength={LIMITS.company}
          {...bind("company")}
        />
        <EmailPhoneFields bind={bind} />
      </div>
      <SelectField label="Service" required {...bind("service")}>
        <option value="">Select a service</option>
        {QUOTATION_SERVICES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Project details"
        hint="Scope, timescale, budget or anything else that helps us price the work."
        maxLength={LIMITS.details}
        {...bind("details")}
      />
    </LeadFormShell>
  );
}
