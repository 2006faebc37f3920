import type { z } from "zod";
import type { RawContent } from "./kinds";
import { priceText } from "./paths";
import { metaOf, schemasAlong } from "./schema-walk";

// What a text may say instead of repeating a fact ("{company.name}"): filled in when the content is
// read, so the site ships the finished words. docs/content-editing.md lists them for staff.

/**
 * {name} inside a text: letters, digits, dots. In a link's address the editor writes the braces
 * percent-encoded (%7Bname%7D): that form is a placeholder too, filled with the value encoded for a URL.
 */
const PLACEHOLDER = /\{([A-Za-z][\w.]*)\}|%7B([A-Za-z][\w.]*)%7D/gi;

const NUMBER_WORDS = "no one two three four five six seven eight nine ten eleven twelve".split(" ");

/** A count in words up to twelve ("eight"), else in digits. */
const inWords = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** Placeholders whose value starts a sentence with a capital letter when the placeholder does. */
const SENTENCE_CASE = new Set(["services.count"]);

/** The value of each placeholder, from the files as read. */
export function placeholderValues(raw: RawContent): Record<string, string> {
  const { company } = raw;
  const { address } = company;
  const lowest = (list: readonly { amount: number }[]) => priceText(Math.min(...list.map((p) => p.amount)));
  return {
    "company.name": company.name,
    "company.legalName": company.legalName,
    "company.foundingYear": String(company.foundingYear),
    "company.email.info": company.email.info,
    "company.email.sales": company.email.sales,
    "company.email.careers": company.email.careers,
    "company.postalAddress": `${address.street}, ${address.locality} ${address.postalCode}, ${address.country}`,
    "company.offices": new Intl.ListFormat("en-GB", { type: "conjunction" }).format(company.offices),
    "company.hours": company.hours,
    // The chat says its hours in UK time, which is GMT in winter and BST in summer.
    "company.hoursUkTime": company.hours.replace("GMT", "UK time"),
    "company.registration.jurisdiction": company.registration.jurisdiction,
    "company.registration.number": company.registration.number,
    "services.count": inWords(raw.services.services.length),
    "packages.webDevelopment.lowestPrice": lowest(raw.packages.webDevelopment),
    "packages.hosting.lowestPrice": lowest(raw.packages.hosting),
  };
}

/** Placeholders the site fills in itself where the schema allows them (schema/fields.ts, filledBySite). */
export function filledBySiteAt(schema: z.ZodType, path: readonly PropertyKey[], data: unknown): Set<string> {
  const names = new Set<string>();
  for (const s of schemasAlong(schema, path, data)) {
    const meta = metaOf(s);
    if (meta && "filledBySite" in meta) for (const name of meta.filledBySite ?? []) names.add(name);
  }
  return names;
}

const startsSentence = (text: string, offset: number) =>
  offset === 0 || /[.!?]\s+$/.test(text.slice(0, offset));

/**
 * Every string of `value` with its placeholders filled in. `unknown` decides about a name that is not
 * one of `values` is left as it is, and passed to `unknown` (to report it, unless the site fills it).
 */
export function fillPlaceholders<T>(
  value: T,
  values: Record<string, string>,
  unknown: (path: (string | number)[], name: string) => void,
  path: (string | number)[] = [],
): T {
  if (typeof value === "string") {
    return value.replace(
      PLACEHOLDER,
      (whole, plain: string | undefined, encoded: string | undefined, offset: number) => {
        const name = (plain ?? encoded)!;
        const filled = values[name];
        if (filled === undefined) {
          unknown(path, name);
          return whole;
        }
        if (encoded) return encodeURI(filled);
        return SENTENCE_CASE.has(name) && startsSentence(value, offset)
          ? filled.charAt(0).toUpperCase() + filled.slice(1)
          : filled;
      },
    ) as T;
  }
  if (Array.isArray(value))
    return value.map((v, i) => fillPlaceholders(v, values, unknown, [...path, i])) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, values, unknown, [...path, k])]),
    ) as T;
  }
  return value;
}
