import type { z } from "zod";
import { aboutSchema } from "./schema/about";
import { companySchema } from "./schema/company";
import { consultationSchema } from "./schema/consultation";
import { homeSchema } from "./schema/home";
import { jobsSchema } from "./schema/jobs";
import { liveChatSchema } from "./schema/live-chat";
import { navigationSchema } from "./schema/navigation";
import { offerSchema } from "./schema/offer";
import { packagesSchema } from "./schema/packages";
import { privacySchema } from "./schema/privacy";
import { productsSchema } from "./schema/products";
import { servicesSchema } from "./schema/services";
import { statsSchema } from "./schema/stats";
import { testimonialsSchema } from "./schema/testimonials";
import { whyChooseSchema } from "./schema/why-choose";

/** The editor's navigation: its headings, in order, in the company's words. */
export const EDITOR_SECTIONS = {
  pages: "Pages",
  lists: "Lists",
  everyPage: "On every page",
} as const;

/**
 * Every kind of content file: one YAML file under content/ each, validated by its schema; its name in
 * the editor and the heading it is listed under there. The order is the editor's.
 */
export const KINDS = {
  home: { file: "home.yaml", label: "Home page", section: "pages", schema: homeSchema },
  offer: { file: "offer.yaml", label: "Offer popup", section: "pages", schema: offerSchema },
  about: { file: "about.yaml", label: "About page", section: "pages", schema: aboutSchema },
  consultation: {
    file: "consultation.yaml",
    label: "Consultation page",
    section: "pages",
    schema: consultationSchema,
  },
  privacy: { file: "privacy.yaml", label: "Privacy notice", section: "pages", schema: privacySchema },
  services: { file: "services.yaml", label: "Services", section: "lists", schema: servicesSchema },
  products: { file: "products.yaml", label: "Products", section: "lists", schema: productsSchema },
  packages: { file: "packages.yaml", label: "Packages", section: "lists", schema: packagesSchema },
  jobs: { file: "jobs.yaml", label: "Jobs", section: "lists", schema: jobsSchema },
  testimonials: {
    file: "testimonials.yaml",
    label: "Testimonials",
    section: "lists",
    schema: testimonialsSchema,
  },
  whyChoose: { file: "why-choose.yaml", label: "Why choose us", section: "lists", schema: whyChooseSchema },
  stats: { file: "stats.yaml", label: "Company figures", section: "lists", schema: statsSchema },
  company: { file: "company.yaml", label: "Company facts", section: "everyPage", schema: companySchema },
  navigation: {
    file: "navigation.yaml",
    label: "Menus and footer",
    section: "everyPage",
    schema: navigationSchema,
  },
  liveChat: { file: "live-chat.yaml", label: "Live chat", section: "everyPage", schema: liveChatSchema },
} as const satisfies Record<
  string,
  { file: string; label: string; section: keyof typeof EDITOR_SECTIONS; schema: z.ZodType }
>;

export type KindName = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** The files as validated, before anything is derived from them. */
export type RawContent = { [K in KindName]: z.output<(typeof KINDS)[K]["schema"]> };

/** The kind a content file holds ("jobs.yaml" → "jobs"), or undefined for any other file. */
export const kindOfFile = (file: string): KindName | undefined =>
  KIND_NAMES.find((k) => KINDS[k].file === file);
