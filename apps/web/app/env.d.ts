/** Public origin of the site (SITE_URL at build time), injected by vite.config.ts. */
declare const __SITE_URL__: string;

interface ImportMetaEnv {
  readonly VITE_CONTACT_API_URL?: string;
  readonly VITE_QUOTATION_API_URL?: string;
}
