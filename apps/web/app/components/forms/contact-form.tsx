import { LIMITS, contactSchema } from "@site/contracts";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { type LeadFormMessages, useLeadForm } from "~/lib/use-lead-form";
import { FormStatus } from "./form-status";
import { HoneypotField } from "./honeypot-field";
import { EmailPhoneFields } from "./email-phone-fields";
import { PrivacyNote } from "./privacy-note";

/** Spec §8, exact strings. */
export const contactMessages: LeadFormMessages = {
  success: "Thank you for contacting us! We'll get back to you soon.",
  failure: "Something went wrong. Please try again later.",
  unreachable: () => "An error occurred. Please try again later.",
};

const empty = { name: "", email: "", phone: "", message: "" };

export function ContactForm() {
  const { values, setValue, errors, status, message, handleSubmit } = useLeadForm({
    kind: "contact",
    schema: contactSchema,
    initialValues: empty,
    messages: contactMessages,
  });
  const submitting = status === "submitting";

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-busy={submitting}
      aria-labelledby="contact-form-title"
      className="relative space-y-5"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold text-ink">
        Send us a message
      </h2>
      <p className="text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
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
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailPhoneFields values={values} errors={errors} setValue={setValue} />
      </div>
      <TextAreaField
        label="Message"
        name="message"
        hint="Tell us briefly what you need and how we can help."
        required
        maxLength={LIMITS.message}
        value={values.message}
        onChange={(e) => setValue("message", e.target.value)}
        error={errors.message}
      />
      <HoneypotField />
      <PrivacyNote purpose="reply to your message" />
      <div>
        <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? "Submitting..." : "Send Message"}
        </Button>
        <FormStatus status={status} message={message} />
      </div>
    </form>
  );
}
