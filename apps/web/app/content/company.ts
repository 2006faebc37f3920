/**
 * Every company fact the site shows, in one place. Values are clearly fictional placeholders:
 * example.com addresses and Ofcom's drama numbers (020 7946 0xxx). Replace them before launch.
 */
export const company = {
  name: "Ceylon Bridge Technologies",
  legalName: "Ceylon Bridge Technologies Ltd",
  tagline:
    "Your trusted enterprise solutions provider: IT consulting, software, hardware and internet services for growing businesses since 2014.",
  foundingYear: 2014,
  email: {
    info: "info@example.com",
    sales: "sales@example.com",
    careers: "careers@example.com",
  },
  phone: {
    /** UK number shown on the contact page and as the footer hotline. */
    uk: { display: "+44 20 7946 0123", tel: "+442079460123" },
    /** Number behind the WhatsApp chat link (wa.me takes digits only). */
    whatsapp: "442079460123",
  },
  address: {
    street: "1 Example Street",
    locality: "London",
    postalCode: "EC1A 1AA",
    country: "United Kingdom",
    countryCode: "GB",
  },
  offices: ["Colombo, Sri Lanka", "London, United Kingdom"],
  /** Structured office locations (About page, JobPosting.jobLocation). */
  officeLocations: [
    {
      name: "Colombo",
      role: "Engineering and delivery centre",
      locality: "Colombo",
      country: "Sri Lanka",
      countryCode: "LK",
    },
    {
      name: "London",
      role: "Client services and UK sales",
      locality: "London",
      country: "United Kingdom",
      countryCode: "GB",
    },
  ],
  hours: "Monday to Friday 9am to 6pm GMT",
  registration: {
    jurisdiction: "England and Wales",
    number: "00000000",
    registerUrl: "https://find-and-update.company-information.service.gov.uk/company/00000000",
  },
  social: [
    { name: "Facebook", href: "https://www.facebook.com/example" },
    { name: "Instagram", href: "https://www.instagram.com/example" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/example" },
    { name: "Twitter", href: "https://twitter.com/example" },
  ],
} as const;

export const whatsappUrl = `https://wa.me/${company.phone.whatsapp}`;
export const mailto = (address: string, subject?: string) =>
  `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
