import { sessionProbeSchema, staffListSchema } from "@site/contracts/desk";
import { Outlet, redirect } from "react-router";
import { AppShell } from "./app-shell";
import { api, signInUrl } from "~/lib/api";
import type { DeskContext } from "~/lib/desk-context";
import type { Route } from "./+types/signed-in";

/** Every signed-in page: no session → the sign-in page, which brings the person back here. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { staff } = await api(sessionProbeSchema, "/api/session", { signal: request.signal });
  const url = new URL(request.url);
  if (!staff) throw redirect(signInUrl(url.pathname + url.search));
  const { staff: members } = await api(staffListSchema, "/api/staff", { signal: request.signal });
  return { me: staff, members };
}

export function shouldRevalidate() {
  return false;
}

export default function SignedIn({ loaderData }: Route.ComponentProps) {
  const context: DeskContext = loaderData;
  return (
    <AppShell staff={loaderData.me}>
      <Outlet context={context} />
    </AppShell>
  );
}
