import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import { ceremonyOptionsSchema, signedInSchema, type Staff } from "@site/contracts/desk";
import { api } from "~/lib/api";

export { browserSupportsWebAuthn };

/** A person-readable reason a ceremony did not finish. */
export function ceremonyMessage(err: unknown): string {
  if (err instanceof WebAuthnError && err.code === "ERROR_CEREMONY_ABORTED")
    return "The passkey request was cancelled.";
  if (err instanceof Error && err.name === "NotAllowedError") {
    return "No passkey was used: the request was cancelled or timed out. Try again.";
  }
  return err instanceof Error ? err.message : "Something went wrong. Try again.";
}

/** Enrolment: registers a new passkey with the link's token; the server then signs the member in. */
export async function enrolWithPasskey(token: string): Promise<Staff> {
  const { options } = await api(ceremonyOptionsSchema, "/api/enrol/options", {
    method: "POST",
    body: { token },
  });
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  const { staff } = await api(signedInSchema, "/api/enrol/verify", {
    method: "POST",
    body: { token, response },
  });
  return staff;
}

/** Sign-in: without an e-mail the browser offers the desk's passkeys it holds (discoverable). */
export async function signInWithPasskey(email?: string): Promise<Staff> {
  const { options } = await api(ceremonyOptionsSchema, "/api/sign-in/options", {
    method: "POST",
    body: email ? { email } : {},
  });
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  const { staff } = await api(signedInSchema, "/api/sign-in/verify", { method: "POST", body: { response } });
  return staff;
}
