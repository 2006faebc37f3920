import { sessionProbeSchema } from "@site/contracts/desk";
import { KeyRound } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { AuthCard, AuthError } from "./auth-card";
import { buttonPrimary, buttonSecondary, fieldControl, fieldLabel } from "~/components/ui";
import { api } from "~/lib/api";
import { browserSupportsWebAuthn, ceremonyMessage, signInWithPasskey } from "./passkeys";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Lead desk" }];

/** Only paths of the desk itself are followed after sign-in. */
const safeNext = (next: string | null) =>
  next && next.startsWith("/") && !next.startsWith("//") ? next : "/";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { staff } = await api(sessionProbeSchema, "/api/session", { signal: request.signal });
  if (staff) throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  return null;
}

export default function SignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [withEmail, setWithEmail] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  // The person asked for the e-mail field: take them to it.
  useEffect(() => {
    if (withEmail) emailInput.current?.focus();
  }, [withEmail]);
  const [email, setEmail] = useState("");
  const emailId = useId();

  async function start(address?: string) {
    setBusy(true);
    setError(null);
    try {
      await signInWithPasskey(address);
      navigate(safeNext(params.get("next")), { replace: true });
    } catch (err) {
      setError(ceremonyMessage(err));
      setBusy(false);
    }
  }

  if (!browserSupportsWebAuthn()) {
    return (
      <AuthCard title="Sign in" intro="This browser cannot use passkeys. Open the desk in a current browser.">
        <span />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Sign in"
      intro="Use the passkey you created when you joined the desk: your fingerprint, face, screen lock or security key."
    >
      <button
        type="button"
        className={`${buttonPrimary} w-full py-2.5`}
        disabled={busy}
        onClick={() => start()}
      >
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      {withEmail ? (
        <form
          className="mt-6 space-y-3 border-t border-slate-200 pt-6"
          onSubmit={(e) => {
            e.preventDefault();
            void start(email.trim());
          }}
        >
          <label htmlFor={emailId} className={fieldLabel}>
            Your work e-mail
          </label>
          <input
            ref={emailInput}
            id={emailId}
            type="email"
            required
            autoComplete="username webauthn"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={fieldControl}
          />
          <button type="submit" className={`${buttonSecondary} w-full`} disabled={busy}>
            Continue with this e-mail
          </button>
        </form>
      ) : (
        <p className="mt-4 text-center text-sm">
          <button
            type="button"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            onClick={() => setWithEmail(true)}
          >
            My passkey is not offered: type my <span className="whitespace-nowrap">e-mail</span>
          </button>
        </p>
      )}
      <AuthError message={error} />
      <p className="mt-6 text-xs leading-relaxed text-slate-600">
        No account? Ask an administrator for an invitation link. There are no passwords here.
      </p>
    </AuthCard>
  );
}
