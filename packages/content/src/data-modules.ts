import type { SiteContent } from "./site-content";

/**
 * The modules the site imports its content from (`@site/content/data/<name>`), each a projection of
 * the content holding only what its importers need: the header's products apart from the product
 * pages, the service cards apart from the service pages, so a page's first load carries no more data
 * than before. The web build's plugin (vite-plugin.ts) writes each as a plain data module; elsewhere
 * (tests, the build's config) `modules/<name>.ts` reads the files.
 */
export const dataModules = {
  company: (c: SiteContent) => ({ company: c.company }),
  home: (c: SiteContent) => ({ home: c.home }),
  offer: (c: SiteContent) => ({ offer: c.offer }),
  about: (c: SiteContent) => ({ about: c.about }),
  "why-choose": (c: SiteContent) => ({ whyChoose: c.whyChoose }),
  stats: (c: SiteContent) => ({ stats: c.stats }),
  testimonials: (c: SiteContent) => ({ testimonials: c.testimonials }),
  packages: (c: SiteContent) => ({
    webDevelopmentPackages: c.packages.webDevelopment,
    hostingPackages: c.packages.hosting,
  }),
  jobs: (c: SiteContent) => ({ jobs: c.jobs }),
  services: (c: SiteContent) => ({
    services: c.services.map(({ title, slug, description, icon }) => ({ title, slug, description, icon })),
  }),
  "service-pages": (c: SiteContent) => ({
    servicePages: Object.fromEntries(
      c.services.map(({ slug, subtitle, intro, offerings, closing, image }) => [
        slug,
        { subtitle, intro, offerings, closing, image },
      ]),
    ),
  }),
  products: (c: SiteContent) => ({
    products: c.products.map(({ id, name, summary, inMobileMenu, cta }) => ({
      id,
      name,
      summary,
      inMobileMenu,
      cta,
    })),
  }),
  "product-pages": (c: SiteContent) => ({
    productPages: Object.fromEntries(
      c.products.map(({ id, headline, description, features, audience, image }) => [
        id,
        { headline, description, features, audience, image },
      ]),
    ),
  }),
  consultation: (c: SiteContent) => ({ consultation: c.consultation }),
  privacy: (c: SiteContent) => ({ privacy: c.privacy }),
  "live-chat": (c: SiteContent) => ({ liveChat: c.liveChat }),
  navigation: (c: SiteContent) => ({ navigation: c.navigation }),
} satisfies Record<string, (c: SiteContent) => Record<string, unknown>>;

export type DataModuleName = keyof typeof dataModules;
export const isDataModuleName = (name: string): name is DataModuleName => Object.hasOwn(dataModules, name);
