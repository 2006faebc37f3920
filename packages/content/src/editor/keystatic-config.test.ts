import { createReader } from "@keystatic/core/reader";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KINDS, KIND_NAMES } from "../kinds";
import { DEFAULT_CONTENT_DIR, parseYaml } from "../load";
import { keystaticConfig } from "./keystatic-config";

const config = keystaticConfig();
/** One singleton's form, by kind (the configuration types them all alike). */
const singletonOf = (kind: string) => {
  const s = config.singletons?.[kind];
  if (!s) throw new Error(`no singleton ${kind}`);
  return s;
};

describe("the editor's configuration", () => {
  it("edits each kind of content as one singleton, stored in its own YAML file", () => {
    expect(Object.keys(config.singletons ?? {})).toEqual(KIND_NAMES);
    for (const kind of KIND_NAMES) {
      expect(singletonOf(kind)).toMatchObject({
        label: KINDS[kind].label,
        path: KINDS[kind].file.replace(".yaml", ""),
      });
    }
  });

  it("lists the pages and lists under the company's headings, not Keystatic's ('Singletons')", () => {
    expect(config.ui?.navigation).toEqual({
      Pages: ["home", "offer", "about", "consultation", "privacy"],
      Lists: ["services", "products", "packages", "jobs", "testimonials", "whyChoose", "stats"],
      "On every page": ["company", "navigation", "liveChat"],
    });
    expect(KIND_NAMES.map((kind) => KINDS[kind].label)).toEqual([
      "Home page",
      "Offer popup",
      "About page",
      "Consultation page",
      "Privacy notice",
      "Services",
      "Products",
      "Packages",
      "Jobs",
      "Testimonials",
      "Why choose us",
      "Company figures",
      "Company facts",
      "Menus and footer",
      "Live chat",
    ]);
  });

  it("edits a privacy section's parts as texts and data uses, each named in the list", async () => {
    const reader = createReader(DEFAULT_CONTENT_DIR, config);
    const privacy = (await reader.singletons.privacy!.readOrThrow()) as {
      sections: { heading: string; blocks: { discriminant: string; value: { title?: string } }[] }[];
    };
    const collect = privacy.sections.find((s) => s.heading === "What we collect and why");
    expect(collect?.blocks.map((b) => b.discriminant)).toEqual([
      "text",
      ...Array<string>(7).fill("activity"),
      "text",
    ]);
    const blocks = (
      singletonOf("privacy").schema.sections as unknown as {
        element: { fields: { blocks: { itemLabel: (props: unknown) => string } } };
      }
    ).element.fields.blocks;
    const activity = { fields: { title: { value: "Contact form" } } };
    expect(blocks.itemLabel({ discriminant: "activity", value: activity })).toBe("Contact form");
    expect(blocks.itemLabel({ discriminant: "text", value: { fields: {} } })).toBe("Text");
  });

  it("reads every file of the repository's content through Keystatic's own reader, as the site does", async () => {
    const reader = createReader(DEFAULT_CONTENT_DIR, config);
    for (const kind of KIND_NAMES) {
      const read = (await reader.singletons[kind]!.readOrThrow({ resolveLinkedFiles: true })) as Record<
        string,
        unknown
      >;
      const parsed = parseYaml(readFileSync(path.join(DEFAULT_CONTENT_DIR, KINDS[kind].file), "utf8"));
      if (!parsed.ok) throw new Error(parsed.message);
      // Rich text comes back as Keystatic's document; everything else as the file holds it.
      expect(Object.keys(read), kind).toEqual(Object.keys(parsed.data as object));
    }
    const jobs = (await reader.singletons.jobs!.readOrThrow()) as { openings: { title: string }[] };
    expect(jobs.openings.map((j) => j.title)).toEqual([
      "Software Engineer Intern",
      "UI/UX Designer Intern",
      "Mobile App Developer Intern",
    ]);
  });

  it("requires in the form what the schema requires, with its limits and patterns", () => {
    const jobFields = (
      singletonOf("jobs").schema.openings as unknown as { element: { fields: Record<string, unknown> } }
    ).element.fields;
    const title = jobFields.title as { validate: (v: string) => unknown };
    expect(() => title.validate("")).toThrow();
    expect(() => title.validate("QA Engineer Intern")).not.toThrow();
    const slug = jobFields.slug as { validate: (v: string) => unknown };
    expect(() => slug.validate("QA Engineer")).toThrow(/lower-case letters, digits and single hyphens/);
    expect(() => slug.validate("qa-engineer-intern")).not.toThrow();
  });

  it("refuses an SVG or an oversized upload in the form, by its bytes", () => {
    const products = singletonOf("products").schema.products as unknown as {
      element: { fields: { photo: { validate: (v: unknown) => unknown } } };
    };
    const photo = products.element.fields.photo;
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(() => photo.validate({ data: svg, filename: "logo.png", extension: "png" })).toThrow(
      /SVG images are not accepted/,
    );
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(() => photo.validate({ data: png, filename: "photo.png", extension: "png" })).not.toThrow();
    expect(() => photo.validate(null)).not.toThrow();
  });
});
