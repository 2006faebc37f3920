import { Button } from "../ui/button";
import { Container } from "../ui/container";

/**
 * A route chunk that failed again after the one reload (lib/route-chunk-guard.ts): the root's error
 * boundary shows this instead of an empty page. Links load documents, so the only route chunk a page
 * loads after it has painted is the SPA fallback's (an unknown id of a detail route).
 */
export function RouteLoadError() {
  return (
    <Container className="py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-ink">This page could not be loaded</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">
        Part of the site failed to download. Please check your internet connection and try again.
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </Container>
  );
}
