import type { ReactNode } from "react";
import { SubmitButton } from "~/components/ui/submit-button";
import type { LeadFormProps } from "~/lib/use-lead-form";
import { FormStatus } from "./form-status";
import { HoneypotField } from "./honeypot-field";
import { PrivacyNote } from "./privacy-note";

interface LeadFormShellProps extends LeadFormProps {
  id: string;
  title: string;
  submitLabel: string;
  /** What the data is used for, in the privacy line ("reply to your message"). */
  privacyPurpose: string;
  /** The form's own fields. */
  children: ReactNode;
}

/** What both lead forms share: title, required-field note, honeypot, privacy line, submit and status. */
export function LeadFormShell({
  id,
  title,
  submitLabel,
  privacyPurpose,
  status,
  message,
  formRef,
  onSubmit,
  children,
}: LeadFormShellProps) {
  const submitting = status === "submitting";
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-busy={submitting}
      aria-labelledby={`${id}-title`}
      className="relative space-y-5"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      <p className="text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      {children}
      <HoneypotField />
      <PrivacyNote purpose={privacyPurpose} />
      <div>
        <SubmitButton disabled={submitting} className="w-full sm:w-auto">
          {submitting ? "Submitting..." : submitLabel}
        </SubmitButton>
        <FormStatus status={status} message={message} />
      </div>
    </form>
  );
}
