// Every relative link in README.md and docs/ leads to a file, and where it names a heading (#anchor),
// to a heading of that file, with the anchors GitHub gives headings.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import GithubSlugger from "github-slugger";
import { marked } from "marked";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

function markdownFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

/** The plain text of inline tokens, as GitHub slugs it (formatting gone, code kept). */
const plainText = (tokens) => tokens.map((t) => (t.tokens ? plainText(t.tokens) : t.text)).join("");

const read = (file) => readFileSync(path.join(root, file), "utf8");

/** The anchors of a page's headings, numbered as GitHub numbers repeated ones. */
function headingAnchors(text) {
  const slugger = new GithubSlugger();
  const found = new Set();
  marked.walkTokens(marked.lexer(text), (token) => {
    if (token.type === "heading") found.add(slugger.slug(plainText(token.tokens)));
  });
  return found;
}
const anchorsOf = new Map();
const anchors = (file) => {
  if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(read(file)));
  return anchorsOf.get(file);
};

/** Each link of a page that is not to another site: [href, what is wrong with it or null]. */
function checkLinks(file, text = read(file)) {
  const results = [];
  marked.walkTokens(marked.lexer(text), (token) => {
    if (token.type !== "link" && token.type !== "image") return;
    const href = token.href;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return;
    const [target, anchor] = href.split("#");
    const targetFile = target === "" ? file : path.join(path.dirname(file), decodeURIComponent(target));
    const here = targetFile === file;
    let problem = null;
    if (!here && !existsSync(path.join(root, targetFile))) problem = `${targetFile} does not exist`;
    else if (anchor !== undefined) {
      if (!targetFile.endsWith(".md") || (!here && statSync(path.join(root, targetFile)).isDirectory())) {
        problem = `#${anchor} points into ${targetFile}, which has no headings`;
      } else if (!(here ? headingAnchors(text) : anchors(targetFile)).has(decodeURIComponent(anchor))) {
        problem = `${targetFile} has no heading #${anchor}`;
      }
    }
    results.push([href, problem]);
  });
  return results;
}

const pages = ["README.md", ...markdownFiles("docs")];

describe("links between the documentation pages", () => {
  it("finds the pages and their links", () => {
    expect(pages).toContain("docs/configuration.md");
    expect(pages.flatMap((page) => checkLinks(page)).length).toBeGreaterThan(50);
  });

  it.each(pages)("%s: every relative link resolves, anchors included", (page) => {
    const broken = checkLinks(page)
      .filter(([, problem]) => problem !== null)
      .map(([href, problem]) => `${href}: ${problem}`);
    expect(broken).toEqual([]);
  });

  it("every page under docs/ is linked from docs/README.md or another page", () => {
    const linked = new Set();
    for (const page of pages) {
      for (const [href] of checkLinks(page)) {
        const target = href.split("#")[0];
        if (target) linked.add(path.join(path.dirname(page), decodeURIComponent(target)));
      }
    }
    const orphans = pages.filter(
      (p) => p !== "README.md" && !linked.has(p) && !p.startsWith("docs/decisions/"),
    );
    expect(orphans).toEqual([]);
  });
});

describe("the link check", () => {
  it("reports a missing file, a missing heading and a link into a directory, not a good link", () => {
    const page = [
      "# A page",
      "## The desk's inbox: `POST /vitals`",
      "[gone](no-such-page.md) [bad anchor](performance.md#no-such-heading) [dir](decisions/#x)",
      "[good](performance.md#real-user-speeds-cost) [here](#the-desks-inbox-post-vitals) [there](#nowhere)",
      "[site](https://example.com/#x) `[in code](no-such.md)`",
      "```",
      "[in a block](no-such.md)",
      "```",
    ].join("\n\n");
    expect(checkLinks("docs/test-page.md", page)).toEqual([
      ["no-such-page.md", "docs/no-such-page.md does not exist"],
      ["performance.md#no-such-heading", "docs/performance.md has no heading #no-such-heading"],
      ["decisions/#x", "#x points into docs/decisions/, which has no headings"],
      ["performance.md#real-user-speeds-cost", null],
      ["#the-desks-inbox-post-vitals", null],
      ["#nowhere", "docs/test-page.md has no heading #nowhere"],
    ]);
  });
});
