import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentError, type ContentIssue } from "./issues";
import { DEFAULT_CONTENT_DIR, loadSiteContent } from "./load";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the repository's content with `edit` applied to one file's text. */
function contentWith(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "content-test-"));
  dirs.push(dir);
  cpSync(DEFAULT_CONTENT_DIR, dir, { recursive: true, filter: (src) => path.basename(src) !== ".git" });
  const target = path.join(dir, file);
  writeFileSync(target, edit(readFileSync(target, "utf8")));
  return dir;
}

function issuesOf(dir: string): ContentIssue[] {
  try {
    loadSiteContent(dir);
  } catch (err) {
    if (err instanceof ContentError) return err.issues;
    throw err;
  }
  throw new Error("the content loaded");
}

describe("loadSiteContent", () => {
  it("loads the repository's content, with placeholders filled and rich text rendered", () => {
    const content = loadSiteContent(DEFAULT_CONTENT_DIR);
    expect(content.about.hero.title).toBe(`About ${content.company.name}`);
    expect(content.whyChoose.title).toBe(`Why choose ${content.company.name}`);
    expect(content.jobs[0]?.description[0]).toMatchObject({ tag: "p" });
    expect(content.jobs[0]?.location).toMatchObject({ locality: "Colombo", countryCode: "LK" });
    expect(content.packages.webDevelopment.map((p) => [p.price, p.billing])).toEqual([
      ["£250", "one-time"],
      ["£500", "one-time"],
      ["£1000", "one-time"],
    ]);
    expect(content.packages.hosting.map((p) => p.price)).toEqual(["£2.99", "£6.99", "£14.99"]);
    expect(content.services.find((s) => s.title.startsWith("CCTV"))?.slug).toBe(
      "cctv-&-surveillance-solutions",
    );
    expect(content.products.filter((p) => p.inMobileMenu)).toHaveLength(7);
  });

  it("names the file, the field (as the editor labels it) and what is wrong", () => {
    const dir = contentWith("jobs.yaml", (t) => t.replace("title: UI/UX Designer Intern", "title: ''"));
    expect(issuesOf(dir)).toEqual([
      {
        file: "jobs.yaml",
        path: ["openings", 1, "title"],
        field: "Openings › item 2 › Title",
        message: "Title is required",
      },
    ]);
    const error = (() => {
      try {
        loadSiteContent(dir);
      } catch (err) {
        return err as Error;
      }
    })();
    expect(error?.message).toContain("content/jobs.yaml › Openings › item 2 › Title: Title is required");
  });

  it("names a list item by its title where it has one, and reports every problem at once", () => {
    const dir = contentWith("packages.yaml", (t) =>
      t
        .replace("amount: 500", "amount: -5")
        .replace("title: Premium\n    amount: 1000", "title: Premium\n    amount: 10.001"),
    );
    expect(issuesOf(dir).map((i) => `${i.field}: ${i.message}`)).toEqual([
      "Web development packages › Standard › Price in pounds (one-time): Price in pounds (one-time) cannot be negative",
      "Web development packages › Premium › Price in pounds (one-time): Price in pounds (one-time) has more than two decimals",
    ]);
  });

  it("refuses a field the schema does not know, a missing field and a wrong type", () => {
    const dir = contentWith("offer.yaml", (t) =>
      t.replace("title: Special Offer", "titel: Special Offer").replace(/discount: .*/, "discount: 20"),
    );
    expect(
      issuesOf(dir)
        .map((i) => `${i.field}: ${i.message}`)
        .sort(),
    ).toEqual(
      [
        'titel: "titel" is not a field of this file (misspelt, or no longer used?)',
        "Discount: Discount must be text",
        "Title: Title is required",
      ].sort(),
    );
  });

  it("says where YAML that does not parse goes wrong", () => {
    const dir = contentWith("stats.yaml", (t) => `${t}  - value: [unclosed\n`);
    const [issue] = issuesOf(dir);
    expect(issue?.file).toBe("stats.yaml");
    expect(issue?.message).toMatch(/^is not valid YAML: .*\(line \d+, column \d+\)$/);
  });

  it("checks what no single file can: an opening's office, unique addresses, known placeholders", () => {
    const dir = contentWith("jobs.yaml", (t) =>
      t
        .replace("office: Colombo", "office: Paris")
        .replace("slug: ui-ux-designer", "slug: software-engineer")
        .replace("team: Mobile", "team: '{company.ceo}'"),
    );
    const [placeholder, ...rest] = issuesOf(dir).map((i) => `${i.field}: ${i.message}`);
    expect(placeholder).toMatch(
      /^Openings › Mobile App Developer Intern › Team: \{company\.ceo\} is not something a text can name: use \{company\.name\}, \{company\.legalName\}, .*\{services\.count\}/,
    );
    expect(rest).toEqual([
      'Openings › Software Engineer Intern › Office: "Paris" is not one of the company\'s offices (Colombo, London)',
      'Openings › UI/UX Designer Intern › Address: another opening already has the address "software-engineer"',
    ]);
  });

  it("accepts paragraphs, emphasis, links and lists in rich text, and refuses headings and plain-http links", () => {
    const ok = contentWith("jobs.yaml", (t) =>
      t.replace(
        "description: >\n      Our engineering",
        "description: |\n      **Bold** and *italic* with [a link](https://example.com).\n\n      - one\n      - two\n\n      Our engineering",
      ),
    );
    expect(loadSiteContent(ok).jobs[0]?.description.slice(0, 2)).toEqual([
      {
        tag: "p",
        children: [
          { tag: "strong", children: ["Bold"] },
          " and ",
          { tag: "em", children: ["italic"] },
          " with ",
          { tag: "a", href: "https://example.com", children: ["a link"] },
          ".",
        ],
      },
      { tag: "ul", items: [["one"], ["two"]] },
    ]);
    const heading = contentWith("about.yaml", (t) =>
      t.replace("text: >\n    {company.name} began", "text: |\n    # Big\n\n    {company.name} began"),
    );
    expect(issuesOf(heading).map((i) => `${i.field}: ${i.message}`)).toEqual([
      "Our story › Story: headings cannot be used here (line 1): use paragraphs, bold, italic, links and lists",
    ]);
    const script = contentWith("about.yaml", (t) =>
      t.replace(
        "text: >\n    {company.name} began",
        "text: |\n    [x](http://example.com/plain)\n\n    {company.name} began",
      ),
    );
    expect(issuesOf(script)[0]?.message).toBe(
      'the link "http://example.com/plain" must start with https://, / or mailto:',
    );
  });

  it("requires an uploaded photo to exist and to be a PNG, JPEG or WebP by its bytes", () => {
    const dir = contentWith("products.yaml", (t) =>
      t.replace("illustration: pos", "illustration: pos\n    photo: /images/uploads/pos.png"),
    );
    expect(issuesOf(dir).map((i) => `${i.field}: ${i.message}`)).toEqual([
      "Products › Point of Sales (POS) › Photo: images/pos.png does not exist",
    ]);
    writeFileSync(path.join(dir, "images-placeholder"), "");
    cpSync(path.join(dir, "images-placeholder"), path.join(dir, "images", "pos.png"), { force: true });
    writeFileSync(
      path.join(dir, "images", "pos.png"),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(issuesOf(dir)[0]?.message).toBe(
      "images/pos.png: SVG images are not accepted (they can contain scripts): upload a PNG, JPEG or WebP image.",
    );
    writeFileSync(
      path.join(dir, "images", "pos.png"),
      Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
    );
    expect(loadSiteContent(dir).products.find((p) => p.id === "pos")?.image).toBe("/images/uploads/pos.png");
  });
});
