// Class names of the desk's few primitives, so every button and field looks and focuses the same.
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export const buttonPrimary = `inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-60 ${focusRing}`;

export const buttonSecondary = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60 ${focusRing}`;

export const fieldControl = `block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 ${focusRing}`;

export const fieldLabel = "block text-xs font-semibold uppercase tracking-wide text-slate-600";

export const card = "rounded-xl border border-slate-200 bg-white shadow-sm";
