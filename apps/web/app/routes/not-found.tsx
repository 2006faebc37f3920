import { Link } from "~/components/ui/site-link";
import type { Route } from "./+types/not-found";
import { contentPage } from "~/lib/page-handle";

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const meta: Route.MetaFunction = () => [
  { title: "Page not found" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4">
        <Link className="text-brand-700 underline" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
