/** Classes shared by the header, its dropdowns and the mobile menu. */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
export const navItem = `inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-semibold transition-colors ${focusRing}`;
export const navIdle = "text-slate-700 hover:bg-slate-100 hover:text-brand-700";
export const navActive = "bg-brand-50 text-brand-700";
