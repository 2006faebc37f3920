import { type ContentIssue, fieldName } from "./issues";
import { filledBySiteAt, fillPlaceholders, placeholderValues } from "./placeholders";
import { KINDS, type KindName, type RawContent } from "./kinds";
import { illustrationPath, priceText, serviceSlug } from "./paths";
import { type RichText, parseRichText } from "./rich-text";
import type { Job, Package, PrivacyBlock, SiteContent } from "./site-content";

/** Collects issues against the raw data, so that each names its file and field as the editor does. */
class Issues {
  readonly list: ContentIssue[] = [];
  constructor(private readonly raw: RawContent) {}
  add(kind: KindName, path: (string | number)[], message: string) {
    const { file, schema } = KINDS[kind];
    this.list.push({ file, path, field: fieldName(schema, path, this.raw[kind]), message });
  }
}

function duplicates(values: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) (seen.has(v) ? twice : seen).add(v);
  return twice;
}

/**
 * The site's content from its validated files: placeholders filled, rich text rendered to data,
 * derived values computed, and what no single file's schema can check (an opening's office exists,
 * addresses are unique). Returns the issues instead when there are any.
 */
export function resolveContent(input: RawContent): { content: SiteContent } | { issues: ContentIssue[] } {
  const issues = new Issues(input);
  const values = placeholderValues(input);
  const raw = Object.fromEntries(
    (Object.keys(input) as KindName[]).map((kind) => [
      kind,
      kind === "company"
        ? input.company
        : fillPlaceholders(input[kind], values, (path, name) => {
            if (filledBySiteAt(KINDS[kind].schema, path, input[kind]).has(name)) return;
            issues.add(
              kind,
              path,
              `{${name}} is not something a text can name: use ${Object.keys(values)
                .map((v) => `{${v}}`)
                .join(", ")}`,
            );
          }),
    ]),
  ) as RawContent;

  const rich = (kind: KindName, path: (string | number)[], source: string): RichText => {
    const parsed = parseRichText(source);
    if (parsed.ok) return parsed.value;
    issues.add(kind, path, parsed.message);
    return [];
  };

  const offices = new Map(raw.company.officeLocations.map((o) => [o.name, o]));
  const jobs = raw.jobs.openings.map((j, i): Job => {
    const { office, arrangement, description, ...rest } = j;
    const at = offices.get(office);
    if (!at) {
      issues.add(
        "jobs",
        ["openings", i, "office"],
        `"${office}" is not one of the company's offices (${[...offices.keys()].join(", ")})`,
      );
    }
    return {
      ...rest,
      employmentType: "INTERN",
      location: {
        locality: at?.locality ?? office,
        country: at?.country ?? "",
        countryCode: at?.countryCode ?? "",
        arrangement,
      },
      description: rich("jobs", ["openings", i, "description"], description),
    };
  });
  for (const dup of duplicates(jobs.map((j) => j.slug))) {
    const i = jobs.findLastIndex((j) => j.slug === dup);
    issues.add("jobs", ["openings", i, "slug"], `another opening already has the address "${dup}"`);
  }

  const services = raw.services.services.map(({ photo, illustration, ...s }) => ({
    ...s,
    slug: serviceSlug(s.title),
    image: photo ?? illustrationPath("services", illustration),
  }));
  services.forEach((s, i) => {
    if (!/^[^/?#%\\]+$/.test(s.slug)) {
      issues.add(
        "services",
        ["services", i, "title"],
        "cannot contain / ? # % or \\ (the title is the page's address)",
      );
    }
  });
  for (const dup of duplicates(services.map((s) => s.slug))) {
    issues.add(
      "services",
      ["services", services.findLastIndex((s) => s.slug === dup), "title"],
      `another service has the same title`,
    );
  }

  const products = raw.products.products.map(({ photo, illustration, ...p }) => ({
    ...p,
    image: photo ?? illustrationPath("products", illustration),
  }));
  for (const dup of duplicates(products.map((p) => p.id))) {
    issues.add(
      "products",
      ["products", products.findLastIndex((p) => p.id === dup), "id"],
      `another product already has the address "${dup}"`,
    );
  }

  const packageList = (list: "webDevelopment" | "hosting", billing: Package["billing"]) => {
    const packages = raw.packages[list].map((p) => ({ ...p, price: priceText(p.amount), billing }));
    for (const dup of duplicates(packages.map((p) => p.title))) {
      issues.add(
        "packages",
        [list, packages.findLastIndex((p) => p.title === dup), "title"],
        `another package in this list is called "${dup}"`,
      );
    }
    return packages;
  };
  const packages = {
    webDevelopment: packageList("webDevelopment", "one-time"),
    hosting: packageList("hosting", "month"),
  };

  const about = {
    ...raw.about,
    story: { title: raw.about.story.title, text: rich("about", ["story", "text"], raw.about.story.text) },
  };

  const privacy = {
    ...raw.privacy,
    sections: raw.privacy.sections.map((section, i) => ({
      ...section,
      blocks: section.blocks.map(({ discriminant, value }, j): PrivacyBlock => {
        if (discriminant === "activity") return { kind: "activity", ...value };
        const where = ["sections", i, "blocks", j, "value", "text"];
        return { kind: "text", ...value, text: rich("privacy", where, value.text) };
      }),
    })),
  };
  for (const dup of duplicates(privacy.sections.map((s) => s.id))) {
    issues.add(
      "privacy",
      ["sections", privacy.sections.findLastIndex((s) => s.id === dup), "id"],
      `another section already has the anchor "${dup}"`,
    );
  }

  if (issues.list.length) return { issues: issues.list };
  return {
    content: {
      company: raw.company,
      home: raw.home,
      offer: raw.offer,
      about,
      whyChoose: raw.whyChoose,
      stats: raw.stats.stats,
      testimonials: raw.testimonials.testimonials,
      packages,
      jobs,
      services,
      products,
      consultation: raw.consultation,
      privacy,
      liveChat: raw.liveChat,
      navigation: raw.navigation,
    },
  };
}
