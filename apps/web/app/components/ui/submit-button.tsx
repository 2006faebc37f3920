import type { ComponentProps } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "./button";

/**
 * The submit button of a form that React handles. It is inert until the page is hydrated: the
 * prerendered form has no action of its own, and a native submission would put what the visitor
 * typed (a password, contact details) into a GET URL.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type">) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={disabled || !hydrated} {...props} />;
}
