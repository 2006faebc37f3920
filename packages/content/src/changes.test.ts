import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeFileChange } from "./changes";
import { DEFAULT_CONTENT_DIR } from "./load";

const read = (file: string) => readFileSync(path.join(DEFAULT_CONTENT_DIR, file), "utf8");
const bytes = (text: string) => Buffer.from(text);

describe("describeFileChange", () => {
  it("names a renamed opening by its address, and an added one by its title", () => {
    const before = read("jobs.yaml");
    const after =
      before.replace("title: Software Engineer Intern", "title: Graduate Software Engineer") +
      before
        .slice(
          before.indexOf("  - slug: ui-ux-designer"),
          before.indexOf("  - slug: mobile-app-developer-interns"),
        )
        .replace("slug: ui-ux-designer", "slug: qa-engineer-intern")
        .replace("title: UI/UX Designer Intern", "title: QA Engineer Intern");
    expect(describeFileChange("jobs.yaml", bytes(before), bytes(after))).toEqual([
      "Openings: added “QA Engineer Intern”",
      "Openings › Software Engineer Intern › Title: “Software Engineer Intern” → “Graduate Software Engineer”",
    ]);
  });

  it("says what was removed, reordered and changed in nested lists", () => {
    const before = read("packages.yaml");
    const after = before
      .replace("      - Essential SEO\n", "")
      .replace("amount: 500", "amount: 550")
      .replace("popular: true", "popular: false");
    expect(describeFileChange("packages.yaml", bytes(before), bytes(after))).toEqual([
      "Web development packages › Basic › Features: removed “Essential SEO”",
      "Web development packages › Standard › Price in pounds (one-time): “500” → “550”",
      "Web development packages › Standard › Most popular: “true” → “false”",
    ]);
  });

  it("names a privacy section's part by its title, or its place, and says when parts come or go", () => {
    const before = read("privacy.yaml");
    const after = before
      .replace(
        "To prepare a quotation for you and discuss it with you.",
        "To prepare and discuss a quotation.",
      )
      .replace(
        / {6}- discriminant: text\n {8}value:\n {10}text: >\n {12}You can remove it[^]*?onlyWithLiveChat: false\n/,
        "",
      );
    expect(after).not.toBe(before);
    expect(describeFileChange("privacy.yaml", bytes(before), bytes(after))).toEqual([
      "Sections › What we collect and why › Content › Quotation form › Why: “To prepare a quotation for you and discuss it with you.” → “To prepare and discuss a quotation.”",
      "Sections › Cookies and browser storage › Content: removed “item 3”",
    ]);
  });

  it("describes images and files that came or went", () => {
    expect(describeFileChange("images/a.png", undefined, bytes("x"))).toEqual(["added"]);
    expect(describeFileChange("images/a.png", bytes("x"), undefined)).toEqual(["removed"]);
    expect(describeFileChange("images/a.png", bytes("x"), bytes("y"))).toEqual(["replaced"]);
  });
});
