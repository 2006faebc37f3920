// Pure helpers the site's browser code may import: no schema, no parser, no side effect.

/** A service's address: its title in lower case with spaces replaced by hyphens (spec §2). */
export const serviceSlug = (title: string) => title.toLowerCase().replace(/ /g, "-");

/** A price as the site writes it: £250, £2.99 (whole pounds without pence, spec §9). */
export const priceText = (amount: number) =>
  `£${Number.isInteger(amount) ? String(amount) : amount.toFixed(2)}`;

/** The web path of a built-in drawing, e.g. /images/services/internet-services.svg. */
export const illustrationPath = (kind: "services" | "products", name: string) =>
  `/images/${kind}/${name}.svg`;
