import { LIMITS } from "@site/contracts";
import { TextAreaField, TextField } from "~/components/ui/field";
import { type LeadFormMessages, useLeadForm } from "~/lib/use-lead-form";
import { EmailPhoneFields } from "./email-phone-fields";
import { LeadFormShell } from "./lead-form-shell";

/** Spec §8, exact strings. */
const contactMessages: LeadFormMessages = {
  success: "Thank you for contacting us! We'll get back to you soon.",
  failure: "Something went wrong. Please try again later.",
  unreachable: () => "An error occurred. Please try again later.",
};

const empty = { name: "", email: "", phone: "", message: "" };

export function ContactForm() {
  const { bind, form } = useLeadForm({
    kind: "contact",
    initialValues: empty,
    messages: contactMessages,
  });
  return (
    <LeadFormShell
      id="contact-form"
      title="Send us a message"
      submitLabel="Send Message"
      privacyPurpose="reply to your message"
      {...form}
    >
      <TextField label="Name" autoComplete="name" required maxLength={LIMITS.name} {...bind("name")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailPhoneFields bind={bind} />
      </div>
      <TextAreaField
        label="Message"
        hint="Tell us briefly what you need and how we can help."
        required
        maxLength={LIMITS.message}
        {...bind("message")}
      />
    </LeadFormShell>
  );
}
