import { SearchX } from "lucide-react";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";

/** Shown by the dynamic routes for an unknown id, with a way back to the listing. */
export function NotFoundPanel({
  message,
  backTo,
  backLabel,
}: {
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className="py-24">
      <Container className="max-w-2xl text-center">
        <SearchX aria-hidden="true" className="mx-auto size-12 text-brand-700" />
        <h1 className="mt-6 text-3xl font-bold text-ink">{message}</h1>
        <p className="mt-4 text-lg text-slate-600">
          The address may be mistyped, or the page may have moved.
        </p>
        <p className="mt-8">
          <LinkButton to={backTo}>{backLabel}</LinkButton>
        </p>
      </Container>
    </section>
  );
}
