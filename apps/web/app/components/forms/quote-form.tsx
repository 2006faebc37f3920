import { LIMITS, QUOTATION_SERVICES, quotationSchema } from "@site/contracts";
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
  const { formRef, values, setValue, errors, status, message, handleSubmit } = useLeadForm({
    kind: "quotation",
    schema: quotationSchema,
    initialValues: empty,
    messages: quoteMessages,
  });
  return (
    <LeadFormShell
      id="quote-form"
      title="Your project"
      submitLabel="Request Quote"
      privacyPurpose="prepare your quotation and discuss it with you"
      status={status}
      message={message}
      formRef={formRef}
      onSubmit={handleSubmit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={LIMITS.name}
          value={values.name}
          onChange={(e) => setValue("name", e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          maxLength={LIMITS.company}
          value={values.company}
          onChange={(e) => setValue("company", e.target.value)}
          error={errors.company}
        />
        <EmailPhoneFields values={values} errors={errors} setValue={setValue} />
      </div>
      <SelectField
        label="Service"
        name="service"
        required
        value={values.service}
        onChange={(e) => setValue("service", e.target.value)}
        error={errors.service}
      >
        <option value="">Select a service</option>
        {QUOTATION_SERVICES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Project details"
        name="details"
        hint="Scope, timescale, budget or anything else that helps us price the work."
        maxLength={LIMITS.details}
        value={values.details}
        onChange={(e) => setValue("details", e.target.value)}
        error={errors.details}
      />
    </LeadFormShell>
  );
}
