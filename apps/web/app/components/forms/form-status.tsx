import { CircleAlert, CircleCheck } from "lucide-react";
import type { LeadFormStatus } from "~/lib/use-lead-form";

/**
 * The two live regions of a lead form. Both are always in the DOM (empty while idle), so screen readers
 * are already watching them when a message appears: success is polite (role=status), errors assertive
 * (role=alert).
 */
export function FormStatus({ status, message }: { status: LeadFormStatus; message: string | null }) {
  const success = status === "success" ? message : null;
  const error = status === "error" ? message : null;
  return (
    <>
      <div role="status" aria-atomic="true">
        {success && (
          <p className="mt-5 flex items-start gap-2 rounded-lg border border-green-700 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {success}
          </p>
        )}
      </div>
      <div role="alert" aria-atomic="true">
        {error && (
          <p className="mt-5 flex items-start gap-2 rounded-lg border border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        )}
      </div>
    </>
  );
}
