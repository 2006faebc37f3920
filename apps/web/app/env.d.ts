/** Public origin of the site (SITE_URL at build time), injected by vite.config.ts. */
declare const __SITE_URL__: string;

/** Where the forms post (VITE_CONTACT_API_URL, VITE_QUOTATION_API_URL at build time), injected by vite.config.ts. */
declare const __SERVICE_URLS__: { readonly contact: string; readonly quotation: string };

/** The retention periods (RETENTION_ENQUIRY_MONTHS, RETENTION_SPAM_DAYS at build time; the server purges by the same), injected by vite.config.ts. */
// A file of global declarations cannot import at the top (that would make it a module).
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
declare const __RETENTION__: import("@site/contracts").Retention;

/** The share of page views whose speed is measured (VITALS_SAMPLE_RATE at build time, 0 to 1), injected by vite.config.ts. */
declare const __VITALS_SAMPLE_RATE__: number;

/** LIVE_CHAT=on at build time: the chat panel talks to the desk (issue 27). Injected by vite.config.ts. */
declare const __LIVE_CHAT__: boolean;

/** The islands' script of the content pages ("/assets/islands-….js"), or undefined in the dev server. */
declare module "virtual:islands-script" {
  const src: string | undefined;
  export default src;
}
