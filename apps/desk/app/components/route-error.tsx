import { isRouteErrorResponse, Link } from "react-router";

/**
 * What a screen shows in place of its content when its loader failed: "not found" (with the
 * loader's reason) for a 404-like answer, else that it could not be shown, and a way back.
 */
export function RouteError({
  error,
  notFound,
  failed,
  back,
}: {
  error: unknown;
  /** The heading of a thing that does not exist, e.g. "Lead not found". */
  notFound: string;
  /** The sentence of any other failure, e.g. "The lead could not be shown. Try again." */
  failed: string;
  back: { to: string; label: string };
}) {
  const missing = isRouteErrorResponse(error);
  return (
    <div className="py-16 text-center">
      <h1 className="text-xl font-semibold">{missing ? notFound : "Something went wrong"}</h1>
      <p className="mt-2 text-slate-700">{missing ? String(error.data) : failed}</p>
      <Link to={back.to} className="mt-4 inline-block font-medium text-brand-700 underline">
        {back.label}
      </Link>
    </div>
  );
}
