import { Link } from "react-router";

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-4">
        <Link className="font-medium text-brand-700 underline" to="/">
          Back to the inbox
        </Link>
      </p>
    </main>
  );
}
