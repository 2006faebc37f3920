import type { z } from "zod";
import { aboutSchema } from "./schema/about";
import { companySchema } from "./schema/company";
import { homeSchema } from "./schema/home";
import { jobsSchema } from "./schema/jobs";
import { offerSchema } from "./schema/offer";
import { packagesSchema } from "./schema/packages";
import { productsSchema } from "./schema/products";
import { servicesSchema } from "./schema/services";
import { statsSchema } from "./schema/stats";
import { testimonialsSchema } from "./schema/testimonials";
import { whyChooseSchema } from "./schema/why-choose";

/**
 * Every kind of content file: one YAML file under content/ each, validated by its schema. The order is
 * the editor's.
 */
export const KINDS = {
  company: { file: "company.yaml", label: "Company facts", schema: companySchema },
  home: { file: "home.yaml", label: "Home page", schema: homeSchema },
  offer: { file: "offer.yaml", label: "Offer popup", schema: offerSchema },
  whyChoose: { file: "why-choose.yaml", label: "Why choose us", schema: whyChooseSchema },
  stats: { file: "stats.yaml", label: "Company figures", schema: statsSchema },
  testimonials: { file: "testimonials.yaml", label: "Testimonials", schema: testimonialsSchema },
  about: { file: "about.yaml", label: "About page", schema: aboutSchema },
  services: { file: "services.yaml", label: "Services", schema: servicesSchema },
  products: { file: "products.yaml", label: "Products", schema: productsSchema },
  packages: { file: "packages.yaml", label: "Packages", schema: packagesSchema },
  jobs: { file: "jobs.yaml", label: "Jobs", schema: jobsSchema },
} as const;

export type KindName = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** The files as validated, before anything is derived from them. */
export type RawContent = { [K in KindName]: z.output<(typeof KINDS)[K]["schema"]> };

/** The kind a content file holds ("jobs.yaml" → "jobs"), or undefined for any other file. */
export const kindOfFile = (file: string): KindName | undefined =>
  KIND_NAMES.find((k) => KINDS[k].file === file);
