import { LIMITS, QUOTATION_SERVICES } from "@site/contracts";
import { challengeRefusalMessage } from "@site/contracts/challenge";
import { type BookedMeeting, bookingSchema, CONSULTATION_PATHS } from "@site/contracts/consultation";
import { LeadFormShell } from "~/components/forms/lead-form-shell";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { consultation } from "@site/content/data/consultation";
import { bookingService, postBooking } from "~/lib/consultation-api";
import { useSlots } from "~/lib/use-slots";
import { type LeadFormMessages, useSubmitForm } from "~/lib/use-lead-form";
import { TimeChooser } from "./time-chooser";

const empty = { start: "", name: "", email: "", phone: "", company: "", service: "", note: "" };

/**
 * The service's own words for a time that cannot be booked (409, 422) or a refused anti-spam check
 * (403); the forms' words otherwise.
 */
const messages: LeadFormMessages = {
  success: consultation.messages.success,
  failure: (r) =>
    (r.status === 409 || r.status === 422 ? serviceMessage(r.body) : challengeRefusalMessage(r.body)) ??
    consultation.messages.failure,
  unreachable: () => consultation.messages.unreachable,
};
const serviceMessage = (body: unknown) => (body as { message?: string } | undefined)?.message;

interface BookingFormProps {
  /** Null until the page runs (the prerendered form, the times not yet known). */
  zone: string | null;
  own: string | null;
  onZone: (zone: string) => void;
  onBooked: (meeting: BookedMeeting) => void;
}

/** The slot, then the visitor's details, validated and answered as the other forms are. */
export function BookingForm({ zone, own, onZone, onBooked }: BookingFormProps) {
  const { slots, reload } = useSlots(zone);
  const { bind, form, setValue } = useSubmitForm({
    schema: bookingSchema,
    challenge: bookingService,
    submit: (payload, key, signal) => postBooking(CONSULTATION_PATHS.book, payload, signal, key),
    initialValues: empty,
    messages,
    extra: () => ({ zone: zone ?? "" }),
    onSuccess: (body) => onBooked(body as BookedMeeting),
    // The slot was taken meanwhile: show what is free now (a cap's refusal keeps the choice).
    onFailure: (r) => {
      const error = (r.body as { error?: string } | undefined)?.error;
      if (r.status === 409 && (error === "slot_taken" || error === "day_full")) {
        setValue("start", "");
        reload();
      }
    },
  });
  const start = bind("start");
  return (
    <LeadFormShell
      id="consultation-form"
      title={consultation.details}
      submitLabel={consultation.submit}
      privacyPurpose={consultation.privacyPurpose}
      {...form}
    >
      <TimeChooser
        zone={zone}
        own={own}
        onZone={(z) => {
          setValue("start", "");
          onZone(z);
        }}
        slots={slots}
        value={start.value}
        onChange={(s) => setValue("start", s)}
        error={start.error}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" required maxLength={LIMITS.name} {...bind("name")} />
        <TextField
          label="Company"
          autoComplete="organization"
          maxLength={LIMITS.company}
          {...bind("company")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={LIMITS.email}
          {...bind("email")}
        />
        <TextField label="Phone" type="tel" autoComplete="tel" maxLength={LIMITS.phone} {...bind("phone")} />
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
        label="Note"
        hint="Anything we should know before the call."
        rows={3}
        maxLength={LIMITS.message}
        {...bind("note")}
      />
    </LeadFormShell>
  );
}
