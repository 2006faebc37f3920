import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentError } from "./issues";
import { DEFAULT_CONTENT_DIR, loadSiteContent } from "./load";

// The kinds that were TypeScript in the web app until issue 32: the privacy notice, the consultation
// page's and the live chat's words, the navigation. What they fill in, and what they refuse.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function contentWith(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "content-test-"));
  dirs.push(dir);
  cpSync(DEFAULT_CONTENT_DIR, dir, { recursive: true, filter: (src) => path.basename(src) !== ".git" });
  const target = path.join(dir, file);
  writeFileSync(target, edit(readFileSync(target, "utf8")));
  return dir;
}

const problems = (dir: string) => {
  try {
    loadSiteContent(dir);
  } catch (err) {
    if (err instanceof ContentError) return err.issues.map((i) => `${i.file} › ${i.field}: ${i.message}`);
    throw err;
  }
  return [];
};

describe("the privacy notice, the consultation page, the live chat and the navigation as content", () => {
  const content = loadSiteContent(DEFAULT_CONTENT_DIR);

  it("fills in company facts and counts, and leaves what the site fills to the site", () => {
    const [who] = content.privacy.sections;
    expect(who?.blocks[0]).toMatchObject({ kind: "text", onlyWithLiveChat: false });
    const text = JSON.stringify(content.privacy);
    expect(text).toContain(`${content.company.legalName} (\\"we\\", \\"us\\") is the controller`);
    expect(text).toContain("1 Example Street, London EC1A 1AA, United Kingdom");
    expect(text).toContain("offices in Colombo, Sri Lanka and London, United Kingdom.");
    expect(text).toContain(
      '{"tag":"a","href":"mailto:info@example.com?subject=Privacy%20request","children":["info@example.com"]}',
    );
    // The periods are the build's (RETENTION_*): the site fills them in.
    expect(text).toContain("{retention.enquiryMonths} months after our last contact with you.");
    expect(content.consultation.description).toContain(`consultation with ${content.company.name}:`);
    expect(content.liveChat.offline).toContain("(we answer live Monday to Friday 9am to 6pm UK time)");
    expect(content.liveChat.taken).toBe("{name} is answering you.");
    expect(content.navigation.header.services.allServices.description).toBe(
      "Eight services, from internet and software to CCTV and security.",
    );
    expect(content.navigation.header.services.packages.description).toBe(
      "Web development from £250 and hosting from £2.99 a month.",
    );
  });

  it("keeps the processing activities and the live chat's parts apart, in the notice's order", () => {
    const collect = content.privacy.sections.find((s) => s.id === "what-we-collect")!;
    expect(collect.blocks.map((b) => (b.kind === "activity" ? b.title : b.kind))).toEqual([
      "text",
      "Contact form",
      "Quotation form",
      "Free consultation booking",
      "Job applications by e-mail",
      "Website and security logs",
      "Site speed measurement (only after you select Accept)",
      "Live chat",
      "text",
    ]);
    const chatOnly = content.privacy.sections.flatMap((s) => s.blocks.filter((b) => b.onlyWithLiveChat));
    expect(chatOnly.map((b) => b.kind)).toEqual(["activity", "text"]);
  });

  it("fills a placeholder in a link's address as the editor writes it there (percent-encoded), or plain", () => {
    expect(readFileSync(path.join(DEFAULT_CONTENT_DIR, "privacy.yaml"), "utf8")).toContain(
      "(mailto:%7Bcompany.email.info%7D?subject=Privacy%20request)",
    );
    const plain = contentWith("privacy.yaml", (t) =>
      t.replaceAll("(mailto:%7Bcompany.email.info%7D?", "(mailto:{company.email.info}?"),
    );
    expect(loadSiteContent(plain).privacy).toEqual(content.privacy);
    const unknown = contentWith("privacy.yaml", (t) =>
      t.replace("(mailto:%7Bcompany.email.info%7D?", "(mailto:%7Bcompany.ceo%7D?"),
    );
    expect(problems(unknown)).toEqual([
      expect.stringMatching(
        /^privacy\.yaml › Sections › Who we are › Content › item 1 › Text: \{company\.ceo\} is not/,
      ),
    ]);
  });

  it("refuses a placeholder outside the field that may hold it", () => {
    const home = contentWith("home.yaml", (t) =>
      t.replace("title: Your Trusted", "title: For {retention.enquiryMonths} months, your trusted"),
    );
    expect(problems(home)).toEqual([
      expect.stringMatching(
        /^home\.yaml › Top of the page › Title: \{retention\.enquiryMonths\} is not something a text can name/,
      ),
    ]);
    const chat = contentWith("live-chat.yaml", (t) =>
      t.replace("loading: Connecting…", "loading: '{name} is connecting'"),
    );
    expect(problems(chat)).toEqual([
      expect.stringMatching(/^live-chat\.yaml › While connecting: \{name\} is not something a text can name/),
    ]);
    const privacy = contentWith("privacy.yaml", (t) =>
      t.replace("{retention.serverLogDays} days.", "{retention.forever} days."),
    );
    expect(problems(privacy)).toEqual([
      expect.stringMatching(
        /^privacy\.yaml › Sections › What we collect and why › Content › Website and security logs › How long: \{retention\.forever\} is not/,
      ),
    ]);
  });

  it("refuses what the notice cannot show: a second section with one anchor, an unknown kind of part, a heading", () => {
    const twice = contentWith("privacy.yaml", (t) => t.replace("id: complaints", "id: contact"));
    expect(problems(twice)).toEqual([
      'privacy.yaml › Sections › Contact us › Anchor: another section already has the anchor "contact"',
    ]);
    const kind = contentWith("privacy.yaml", (t) =>
      t.replace("discriminant: activity", "discriminant: table"),
    );
    expect(problems(kind)).toEqual([
      "privacy.yaml › Sections › What we collect and why › Content › item 2 › Kind: Each item of Content must be one of: text, activity",
    ]);
    const heading = contentWith("privacy.yaml", (t) =>
      t.replace(
        "text: >\n            We collect personal data",
        "text: >\n            # Heading\n\n\n            We collect personal data",
      ),
    );
    expect(problems(heading)).toEqual([
      "privacy.yaml › Sections › What we collect and why › Content › item 1 › Text: headings cannot be used here (line 1): use paragraphs, bold, italic, links and lists",
    ]);
  });

  it("refuses an empty menu text and a link that leaves the site", () => {
    const dir = contentWith("navigation.yaml", (t) =>
      t
        .replace("label: Request a Quote", "label: ''")
        .replace("href: /careers\n  contact", "href: https://example.com\n  contact"),
    );
    expect(problems(dir)).toEqual([
      "navigation.yaml › Header › Careers link › Goes to: Goes to must be a path on this site starting with / (e.g. /contact)",
      "navigation.yaml › Header › Quote button › Text: Text is required",
    ]);
  });
});
