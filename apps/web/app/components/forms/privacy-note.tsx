import { Link } from "~/components/ui/site-link";

/** One line on how the form's data is used, linking to the privacy notice. */
export function PrivacyNote({ purpose }: { purpose: string }) {
  return (
    <p className="text-sm text-slate-600">
      We use these details only to {purpose}. Our{" "}
      <Link
        to="/privacy"
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        privacy notice
      </Link>{" "}
      explains how we handle and protect your data.
    </p>
  );
}
