import type { ComponentProps } from "react";

// The site's links are plain documents (issue 34): a click loads the next page, which the browser may
// have prerendered already (the Speculation Rules in root.tsx). No router is involved, so the same
// links work in the pages React Router hydrates and in the pages whose widgets are islands
// (docs/decisions/0022-content-page-islands.md). The attributes come out in React Router's order
// (the link's own, then aria-current, class, href), so the prerendered pages read as they did.

type LinkProps = Omit<ComponentProps<"a">, "href"> & { to: string };

/** An internal link. */
export function Link({ to, children, ...props }: LinkProps) {
  return (
    <a {...props} href={to}>
      {children}
    </a>
  );
}

/**
 * Whether `to` is the current page or, unless `end`, one of its ancestors: React Router's NavLink rule
 * (case-insensitive; "/careers" is active on "/careers/ui-ux-designer", "/" only on "/").
 */
function isCurrent(to: string, pathname: string, end = false): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return path === target || (!end && path.startsWith(target) && path.charAt(slashAt) === "/");
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** The path of the page the link is on. */
  pathname: string;
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
};

/** A navigation link: aria-current="page" and its active class when it leads to the current page. */
export function NavLink({ to, pathname, end, className, children, ...props }: NavLinkProps) {
  const isActive = isCurrent(to, pathname, end);
  return (
    <a {...props} aria-current={isActive ? "page" : undefined} className={className({ isActive })} href={to}>
      {children}
    </a>
  );
}
