import type { FormEvent } from "react";
import { Link } from "~/components/ui/site-link";
import { Container } from "~/components/ui/container";
import { SubmitButton } from "~/components/ui/submit-button";

const inputClass =
  "mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-ink shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-brand-600";
const labelClass = "block text-sm font-medium text-ink";

interface AuthField {
  name: string;
  label: string;
  type: "text" | "email" | "password";
  autoComplete: string;
}

interface AuthCardProps {
  /** Prefix of the fields' ids, e.g. "login" gives "login-email". */
  id: string;
  title: string;
  intro: string;
  /** Every field is required (spec §5). */
  fields: readonly AuthField[];
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The line under the card that leads to the other page ("New to us? Create an account"). */
  other: { prompt: string; label: string; to: string };
}

/** Centred card with the placeholder login or register form (spec §6: no server call). */
export function AuthCard({ id, title, intro, fields, submitLabel, onSubmit, other }: AuthCardProps) {
  return (
    <section className="bg-slate-50 py-16 sm:py-24">
      <Container className="max-w-md">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          <p className="mt-2 text-slate-600">{intro}</p>
          <form className="mt-8 space-y-5" onSubmit={onSubmit}>
            {fields.map((f) => (
              <div key={f.name}>
                <label htmlFor={`${id}-${f.name}`} className={labelClass}>
                  {f.label}
                </label>
                <input
                  id={`${id}-${f.name}`}
                  name={f.name}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  required
                  className={inputClass}
                />
              </div>
            ))}
            <SubmitButton className="w-full">{submitLabel}</SubmitButton>
          </form>
          <p className="mt-6 text-center text-sm text-slate-600">
            {other.prompt}{" "}
            <Link to={other.to} className="font-semibold text-brand-700 underline underline-offset-4">
              {other.label}
            </Link>
          </p>
        </div>
      </Container>
    </section>
  );
}
