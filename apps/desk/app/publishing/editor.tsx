import { Keystatic } from "@keystatic/core/ui";
import { sessionProbeSchema } from "@site/contracts/desk";
import { keystaticConfig } from "@site/content/editor";
import { redirect } from "react-router";
import { api, signInUrl } from "~/lib/api";
import { withFieldMessage } from "./field-message";
import type { Route } from "./+types/editor";

const config = keystaticConfig({ wrap: withFieldMessage });

/** Signed-in members only: the editor's page sends anyone else to sign in first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { staff } = await api(sessionProbeSchema, "/api/session", { signal: request.signal });
  const url = new URL(request.url);
  if (!staff) throw redirect(signInUrl(url.pathname + url.search));
  return null;
}

export function meta() {
  return [{ title: "Content editor · Lead desk" }];
}

/**
 * The content editor (Keystatic's admin UI, local mode: it reads and saves content/ through the desk's
 * /api/keystatic/). Its own document, framed by the Content screen: its styles need a looser CSP
 * than the desk's (site-policy's editorContentSecurityPolicy), which applies to this page only.
 */
export default function Editor() {
  return <Keystatic config={config} />;
}
