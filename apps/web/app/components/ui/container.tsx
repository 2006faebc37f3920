import type { ComponentProps } from "react";

/** Centred page-width wrapper with the site's horizontal padding. */
export function Container({ className = "", ...props }: ComponentProps<"div">) {
  return <div className={`mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`} {...props} />;
}
