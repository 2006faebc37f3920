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

  it("describes images and files that came or went", () => {
    expect(describeFileChange("images/a.png", undefined, bytes("x"))).toEqual(["added"]);
    expect(describeFileChange("images/a.png", bytes("x"), undefined)).toEqual(["removed"]);
    expect(describeFileChange("images/a.png", bytes("x"), bytes("y"))).toEqual(["replaced"]);
  });
});
