import { CHALLENGE_FIELD, HONEYPOT_FIELD, fieldErrors } from "@site/contracts";
import { type ChatStartInput, chatStartSchema } from "@site/contracts/chat";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "~/components/ui/site-link";
import { TextAreaField, TextField } from "~/components/ui/field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { liveChat as copy } from "@site/content/data/live-chat";
import { useChallenge } from "~/lib/challenge";
import { ChatRequestError } from "./chat-client";

const buttonClass =
  "inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-800 disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Before the first message: name, e-mail, the first message and consent to storing the conversation. */
export function StartForm({
  onStart,
}: {
  onStart: (input: Omit<ChatStartInput, "clientId" | "secret">) => Promise<void>;
}) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  // The anti-spam check, solved while the visitor fills this in (the contact service takes the chat).
  const formRef = useRef<HTMLFormElement>(null);
  const challenge = useChallenge(__SERVICE_URLS__.contact, formRef);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      body: String(form.get("body") ?? ""),
      consent: form.get("consent") === "on",
      page: window.location.pathname,
      [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? ""),
    };
    const checked = chatStartSchema.omit({ clientId: true, secret: true }).safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await onStart({
        ...(input as Omit<ChatStartInput, "clientId" | "secret">),
        [CHALLENGE_FIELD]: await challenge.take(),
      });
    } catch (err) {
      if (err instanceof ChatRequestError && err.fields) setErrors(err.fields);
      setFailure(err instanceof ChatRequestError ? err.message : copy.unavailable);
      setBusy(false);
    }
  }

  const first = (field: string) => errors[field]?.[0];
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="relative space-y-3" aria-label="Start a chat">
      <p>{copy.startIntro}</p>
      <TextField
        label={copy.name}
        name="name"
        autoComplete="name"
        required
        maxLength={200}
        error={first("name")}
      />
      <TextField
        label={copy.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        error={first("email")}
      />
      <TextAreaField
        label={copy.message}
        name="body"
        rows={3}
        required
        maxLength={5000}
        error={first("body")}
      />
      <div>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="consent"
            required
            aria-invalid={first("consent") ? true : undefined}
            aria-describedby={first("consent") ? `${id}-consent-error` : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span>
            {copy.consent}{" "}
            <Link to="/privacy#what-we-collect" className="font-semibold text-brand-700 underline">
              {copy.consentLink}
            </Link>{" "}
            {copy.consentEnd}
          </span>
        </label>
        {first("consent") && (
          <p id={`${id}-consent-error`} className="mt-1 font-medium text-red-700">
            {first("consent")}
          </p>
        )}
      </div>
      {/* The forms' spam trap, with an id of its own: a form may be on the page too. */}
      <HoneypotField id={`${id}-trap`} />
      {failure && (
        <p role="alert" className="font-medium text-red-700">
          {failure}
        </p>
      )}
      <button type="submit" disabled={busy} className={buttonClass}>
        {busy ? copy.starting : copy.start}
      </button>
    </form>
  );
}
