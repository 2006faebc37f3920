/** The eight services. The slug is the lower-case title with spaces replaced by hyphens (spec §2). */
type ServiceIcon = "globe" | "code" | "smartphone" | "layout" | "briefcase" | "cctv" | "server" | "shield";

export interface Service {
  title: string;
  /** One sentence for the service cards. */
  description: string;
  icon: ServiceIcon;
}

export const services = [
  {
    title: "Internet Services",
    description:
      "Domain registration, reliable web hosting and professional business email, managed for you.",
    icon: "globe",
  },
  {
    title: "Software Solutions",
    description:
      "Custom web and desktop applications, API development and integrations with the systems you use.",
    icon: "code",
  },
  {
    title: "Mobile App Development",
    description:
      "Native and cross-platform mobile apps for iOS and Android, from first prototype to store release.",
    icon: "smartphone",
  },
  {
    title: "Web App Development",
    description:
      "Secure, scalable and high-performing web applications built around your business processes.",
    icon: "layout",
  },
  {
    title: "ERP Consultation",
    description:
      "ERP implementation, customisation and ongoing support that fit the way your organisation works.",
    icon: "briefcase",
  },
  {
    title: "CCTV & Surveillance Solutions",
    description:
      "Installation, maintenance and monitoring of CCTV and surveillance systems for your premises.",
    icon: "cctv",
  },
  {
    title: "Hardware Solutions",
    description:
      "Hardware installation, maintenance and upgrades, with secure recycling of retired equipment.",
    icon: "server",
  },
  {
    title: "Security Solutions",
    description: "Cybersecurity, data protection and secure erasure to keep your information safe.",
    icon: "shield",
  },
] as const satisfies readonly Service[];

export const serviceSlug = (title: string) => title.toLowerCase().replace(/ /g, "-");
/** Path of a service page. The slug of one service contains '&', which is kept as the spec says. */
export const serviceHref = (title: string) => `/services/${serviceSlug(title)}`;
/** The eight valid serviceType values (spec §2, Service detail). */
export type ServiceSlug =
  | "internet-services"
  | "software-solutions"
  | "mobile-app-development"
  | "web-app-development"
  | "erp-consultation"
  | "cctv-&-surveillance-solutions"
  | "hardware-solutions"
  | "security-solutions";
export const serviceSlugs = services.map((s) => serviceSlug(s.title));
/** Accepts the raw slug and its URL-encoded form (e.g. 'cctv-%26-surveillance-solutions'). */
export const findService = (slug: string | undefined) => {
  if (!slug) return undefined;
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // keep the raw value
  }
  return services.find((s) => serviceSlug(s.title) === decoded);
};
