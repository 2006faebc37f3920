import { company } from "@site/content/data/company";

/** Links made from the company's facts (content/company.yaml): a WhatsApp chat, a mail with a subject. */
export const whatsappUrl = `https://wa.me/${company.phone.whatsapp}`;
export const mailto = (address: string, subject?: string) =>
  `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
