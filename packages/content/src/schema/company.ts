import type { z } from "zod";
import { group, list, text, wholeNumber } from "./fields";

const email = (label: string) =>
  text(label, {
    max: 254,
    pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: `${label} must be an e-mail address` },
  });

const url = (label: string) =>
  text(label, {
    max: 300,
    pattern: { regex: /^https:\/\/[^\s]+$/, message: `${label} must be an https:// address` },
  });

const countryCode = text("Country code", {
  max: 2,
  description: "Two capital letters (ISO 3166), e.g. GB or LK.",
  pattern: { regex: /^[A-Z]{2}$/, message: "Country code must be two capital letters (e.g. GB)" },
});

/** company.yaml: every company fact the site shows (name, e-mails, phone, address, offices, links). */
export const companySchema = group("Company", {
  name: text("Company name", {
    description: "Shown in the header, footer and titles. Other texts can say {company.name}.",
  }),
  legalName: text("Legal name"),
  tagline: text("Tagline", { multiline: true, description: "The footer's sentence under the name." }),
  foundingYear: wholeNumber("Founding year", { min: 1900, max: 2100 }),
  email: group("E-mail addresses", {
    info: email("General e-mail"),
    sales: email("Sales e-mail"),
    careers: email("Careers e-mail"),
  }),
  phone: group("Phone", {
    uk: group("UK phone", {
      display: text("As shown", { description: "How the number is written on the site." }),
      tel: text("As dialled", {
        description: "The same number for tel: links: + and digits only.",
        pattern: { regex: /^\+\d{6,15}$/, message: "As dialled must be + followed by digits only" },
      }),
    }),
    whatsapp: text("WhatsApp number", {
      description: "Digits only, with the country code (wa.me links take no +).",
      pattern: { regex: /^\d{6,15}$/, message: "WhatsApp number must be digits only" },
    }),
  }),
  address: group("Address", {
    street: text("Street"),
    locality: text("Town or city"),
    postalCode: text("Postcode"),
    country: text("Country"),
    countryCode,
  }),
  offices: list("Offices (one line each)", text("Office"), { description: "As the footer lists them." }),
  officeLocations: list(
    "Office locations",
    group("Office location", {
      name: text("Office name", { description: "Openings name their office by this, e.g. Colombo." }),
      role: text("What happens there"),
      locality: text("Town or city"),
      country: text("Country"),
      countryCode,
    }),
    { itemLabel: "name" },
  ),
  hours: text("Opening hours"),
  registration: group("Company registration", {
    jurisdiction: text("Registered in"),
    number: text("Company number"),
    registerUrl: url("Register entry"),
  }),
  social: list("Social links", group("Social link", { name: text("Network"), href: url("Address") }), {
    itemLabel: "name",
  }),
});
export type CompanyFile = z.output<typeof companySchema>;
