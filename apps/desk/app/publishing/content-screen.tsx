import { contentStateSchema, publishAnswerSchema } from "@site/content/desk-api";
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { ApiError, api } from "~/lib/api";
import type { Route } from "./+types/content-screen";
import { PublishHistory } from "./publish-history";
import { PublishStatus } from "./publish-status";

export const meta: Route.MetaFunction = () => [{ title: "Content · Lead desk" }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return api(contentStateSchema, "/api/content", { signal: request.signal });
}

/** Publish, or restore an earlier version. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  try {
    if (form.get("intent") === "restore") {
      await api(publishAnswerSchema, "/api/content/restore", {
        method: "POST",
        body: { commit: String(form.get("commit")) },
      });
      return {
        ok: true,
        message: "Restoring: the earlier version is being built and goes live when it is ready.",
      };
    }
    await api(publishAnswerSchema, "/api/content/publish", { method: "POST", body: {} });
    return { ok: true, message: "Publishing: the site is being built and goes live when it is ready." };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: err.message };
    throw err;
  }
}

/** Reloads the state every few seconds (often while a build runs), and when the tab comes back. */
function useFreshState(busy: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    };
    const timer = window.setInterval(refresh, busy ? 1500 : 4000);
    window.addEventListener("focus", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
    };
  }, [busy, revalidate, state]);
}

/**
 * The Content screen: what is unpublished, building, live or failed, and Publish; the editor (its own
 * document and CSP, framed); the history of publishes with Restore.
 */
export default function ContentScreen({ loaderData: state }: Route.ComponentProps) {
  useFreshState(Boolean(state.building || state.queued.length));
  // The state and the editor fill the window (the editor's dialogs fit in it whole); history below.
  return (
    <div className="space-y-4">
      <div className="flex min-h-[calc(100dvh-6.5rem)] flex-col gap-4 sm:min-h-[calc(100dvh-6rem)]">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Content</h1>
        <PublishStatus state={state} />
        <iframe
          title="Content editor"
          src="/keystatic"
          className="min-h-[26rem] w-full flex-1 rounded-xl border border-slate-200 bg-white shadow-sm"
        />
      </div>
      <PublishHistory state={state} />
    </div>
  );
}
