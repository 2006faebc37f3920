import { Fingerprint } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard, AuthError } from "./auth-card";
import { buttonPrimary } from "~/components/ui";
import { ceremonyMessage, enrolWithPasskey } from "./passkeys";
import type { Route } from "./+types/enrol";

export const meta: Route.MetaFunction = () => [{ title: "Join the desk · Lead desk" }];

/**
 * The invitation link's page: /enrol#token=… (a fragment never reaches a server log). The token is
 * read once and taken out of the address bar and history.
 */
export default function Enrol() {
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get("token");
    setToken(found);
    if (found) window.history.replaceState(window.history.state, "", "/enrol");
  }, []);

  async function enrol() {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      await enrolWithPasskey(token);
      navigate("/", { replace: true });
    } catch (err) {
      setError(ceremonyMessage(err));
      setBusy(false);
    }
  }

  if (token === null) {
    return (
      <AuthCard
        title="This link is incomplete"
        intro="Open the whole invitation link you received, or ask for a new one."
      >
        <Link to="/sign-in" className="font-medium text-brand-700 underline">
          Already a member? Sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Join the lead desk"
      intro={
        <>
          Create a passkey for this device. Your browser will ask for your fingerprint, face, screen lock or a
          security key. You will use it to sign in from now on; there is no password.
        </>
      }
    >
      <button
        type="button"
        className={`${buttonPrimary} w-full py-2.5`}
        disabled={busy || !token}
        onClick={enrol}
      >
        <Fingerprint aria-hidden="true" className="size-4" />
        {busy ? "Waiting for your passkey…" : "Create my passkey"}
      </button>
      <AuthError message={error} />
    </AuthCard>
  );
}
