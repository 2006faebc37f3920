import type { CompanyFile } from "./schema/company";
import type { HomeFile } from "./schema/home";
import type { OfferFile } from "./schema/offer";
import type { AboutFile } from "./schema/about";
import type { WhyChooseFile } from "./schema/why-choose";
import type { StatsFile } from "./schema/stats";
import type { TestimonialsFile } from "./schema/testimonials";
import type { PackagesFile } from "./schema/packages";
import type { JobsFile } from "./schema/jobs";
import type { ServicesFile } from "./schema/services";
import type { ProductsFile } from "./schema/products";
import type { ConsultationFile } from "./schema/consultation";
import type { LiveChatFile } from "./schema/live-chat";
import type { NavigationFile } from "./schema/navigation";
import type { PrivacyFile } from "./schema/privacy";
import type { RichText } from "./rich-text";

// The content as the site uses it: the files' data with what derives from it filled in (rich text
// rendered to plain data, prices written out, a job's office looked up, each page's image path).

export type Company = CompanyFile;
export type Home = HomeFile;
export type Offer = OfferFile;
export type About = Omit<AboutFile, "story"> & { story: { title: string; text: RichText } };
export type WhyChoose = WhyChooseFile;
export type Stat = StatsFile["stats"][number];
export type Testimonial = TestimonialsFile["testimonials"][number];

type PackageFile = PackagesFile["webDevelopment"][number];
export interface Package extends PackageFile {
  /** The price as shown, e.g. £250 or £2.99. */
  price: string;
  /** 'one-time' for web development, 'month' for hosting. */
  billing: "one-time" | "month";
}

type JobFile = JobsFile["openings"][number];
export interface Job extends Omit<JobFile, "description" | "office" | "arrangement"> {
  description: RichText;
  employmentType: "INTERN";
  /** The office's town and country (company.yaml's office locations) and the arrangement. */
  location: { locality: string; country: string; countryCode: string; arrangement: string };
}

type ServiceFile = ServicesFile["services"][number];
export interface Service extends Omit<ServiceFile, "photo" | "illustration"> {
  slug: string;
  /** The uploaded photo, else the built-in drawing. */
  image: string;
}

type ProductFile = ProductsFile["products"][number];
export interface Product extends Omit<ProductFile, "photo" | "illustration"> {
  image: string;
}

export type Consultation = ConsultationFile;
export type LiveChat = LiveChatFile;
export type Navigation = NavigationFile;

type PrivacyFileSection = PrivacyFile["sections"][number];
type PrivacyFileBlock = PrivacyFileSection["blocks"][number];
/** One processing activity of the privacy notice: what is collected, why, on which basis, how long. */
export type PrivacyActivity = Extract<PrivacyFileBlock, { discriminant: "activity" }>["value"];
/** A part of a privacy notice section: text (paragraphs and lists), or a processing activity. */
export type PrivacyBlock =
  | { kind: "text"; text: RichText; onlyWithLiveChat: boolean }
  | ({ kind: "activity" } & PrivacyActivity);
export interface Privacy extends Omit<PrivacyFile, "sections"> {
  sections: (Omit<PrivacyFileSection, "blocks"> & { blocks: PrivacyBlock[] })[];
}

export interface SiteContent {
  company: Company;
  home: Home;
  offer: Offer;
  about: About;
  whyChoose: WhyChoose;
  stats: Stat[];
  testimonials: Testimonial[];
  packages: { webDevelopment: Package[]; hosting: Package[] };
  jobs: Job[];
  services: Service[];
  products: Product[];
  consultation: Consultation;
  privacy: Privacy;
  liveChat: LiveChat;
  navigation: Navigation;
}
