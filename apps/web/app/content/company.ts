/**
 * Every company fact the site shows, in one place: content/company.yaml (edited in the desk). Values
 * are clearly fictional placeholders: example.com addresses and Ofcom's drama numbers (020 7946 0xxx).
 */
export { company } from "@site/content/data/company";
import { company } from "@site/content/data/company";

export const whatsappUrl = `https://wa.me/${company.phone.whatsapp}`;
export const mailto = (address: string, subject?: string) =>
  `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
