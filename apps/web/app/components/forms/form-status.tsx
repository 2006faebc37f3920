import { CircleAlert, CircleCheck, type LucideIcon } from "lucide-react";
import type { LeadFormStatus } from "~/lib/use-lead-form";

/**
 * The two live regions of a lead form. Both are always in the DOM (empty while idle), so screen readers
 * are already watching them when a message appears: success is polite (role=status), errors assertive
 * (role=alert).
 */
export function FormStatus({ status, message }: { status: LeadFormStatus; message: string | null }) {
  return (
    <>
      <LiveRegion
        role="status"
        message={status === "success" ? message : null}
        Icon={CircleCheck}
        frame="border-green-700 bg-green-50"
        text="text-green-800"
      />
      <LiveRegion
        role="alert"
        message={status === "error" ? message : null}
        Icon={CircleAlert}
        frame="border-red-700 bg-red-50"
        text="text-red-800"
      />
    </>
  );
}

interface LiveRegionProps {
  role: "status" | "alert";
  message: string | null;
  Icon: LucideIcon;
  /** Border and background colours of the message. */
  frame: string;
  text: string;
}

function LiveRegion({ role, message, Icon, frame, text }: LiveRegionProps) {
  return (
    <div role={role} aria-atomic="true">
      {message && (
        <p
          className={`mt-5 flex items-start gap-2 rounded-lg border ${frame} px-4 py-3 text-sm font-medium ${text}`}
        >
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {message}
        </p>
      )}
    </div>
  );
}
