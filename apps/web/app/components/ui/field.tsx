import { ChevronDown } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";

const controlClass =
  "block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-invalid:border-red-700 aria-invalid:focus-visible:outline-red-700 disabled:bg-slate-100";

interface FieldShellProps {
  label: string;
  /** Visible hint under the label, announced with the control. */
  hint?: string;
  error?: string;
  required?: boolean;
  className?: string;
  children: (control: {
    id: string;
    "aria-describedby"?: string;
    "aria-invalid"?: true;
    className: string;
  }) => ReactNode;
}

/**
 * Label, hint, control and error text wired together: the label names the control, the hint and the
 * error describe it (aria-describedby), and aria-invalid marks it while the error is shown.
 */
function Field({ label, hint, error, required, className = "", children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-600"> (optional)</span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-1.5">
        {children({
          id,
          "aria-describedby": describedBy,
          "aria-invalid": error ? true : undefined,
          className: controlClass,
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          <span className="sr-only">Error:</span> {error}
        </p>
      )}
    </div>
  );
}

type Shared = Pick<FieldShellProps, "label" | "hint" | "error" | "className"> & { name: string };

export function TextField({
  label,
  hint,
  error,
  className,
  required,
  ...input
}: Shared & Omit<ComponentProps<"input">, "id" | "className">) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => <input {...input} {...control} required={required} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  required,
  ...textarea
}: Shared & Omit<ComponentProps<"textarea">, "id" | "className">) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <textarea
          rows={6}
          {...textarea}
          {...control}
          required={required}
          className={`${control.className} resize-y`}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  required,
  children,
  ...select
}: Shared & Omit<ComponentProps<"select">, "id" | "className">) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        // A native select drawn like the other fields in every engine: no engine bezel (WebKit's is
        // grey and taller), and a chevron of its own.
        <div className="relative">
          <select
            {...select}
            {...control}
            required={required}
            className={`${control.className} appearance-none pr-10`}
          >
            {children}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600"
          />
        </div>
      )}
    </Field>
  );
}
