/** Colours of the installed-app chrome and icons (match --color-brand-700 and the page background). */
export const brand = {
  themeColor: "#1e40af",
  backgroundColor: "#ffffff",
} as const;

/** Icon files written by build-steps/icons.ts at build time, linked from root.tsx. */
export const iconFiles = {
  svg: "/favicon.svg",
  png32: "/favicon-32x32.png",
  appleTouch: "/apple-touch-icon.png",
  manifest: "/site.webmanifest",
} as const;
