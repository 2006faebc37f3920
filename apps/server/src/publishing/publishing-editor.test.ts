// The content editor's API (Keystatic's generic handler on the desk): a save is checked before
// anything is written; files outside content/ and the image folder, invalid content and images that
// are not PNG, JPEG or WebP of at most 2 MB are refused with a message the editor shows.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentCheckout, git } from "../../test/publishing-helpers";
import { DESK_URL, FOREIGN_ORIGIN, useDesk } from "../../test/desk-helpers";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
/** As the editor's UI sends a file: standard base64, with `+`, `/` and `=` (Keystatic's base64Encode). */
const b64 = (data: Buffer | string) => Buffer.from(data).toString("base64");

describe("the content editor's API", () => {
  const d = useDesk("sqlite");
  const checkout = contentCheckout();
  afterAll(() => checkout.cleanup());

  async function save(
    additions: { path: string; contents: Buffer | string }[],
    deletions: string[] = [],
    origin = DESK_URL,
  ) {
    const app = await d.desk(checkout.env);
    const { cookie } = await d.signIn();
    return app.inject({
      method: "POST",
      url: "/api/keystatic/update",
      headers: { cookie, origin, "content-type": "application/json", "no-cors": "1" },
      payload: {
        additions: additions.map((a) => ({ path: a.path, contents: b64(a.contents) })),
        deletions: deletions.map((p) => ({ path: p })),
      },
    });
  }
  const jobsFile = path.join(checkout.contentDir, "jobs.yaml");
  const jobs = () => readFileSync(jobsFile, "utf8");

  it("lists the content folder and serves its files, to a signed-in member only", async () => {
    const app = await d.desk(checkout.env);
    expect((await app.inject({ url: "/api/keystatic/tree", headers: { "no-cors": "1" } })).statusCode).toBe(
      401,
    );
    const { cookie } = await d.signIn();
    const tree = await app.inject({ url: "/api/keystatic/tree", headers: { cookie, "no-cors": "1" } });
    expect(tree.statusCode).toBe(200);
    const paths = (tree.json() as { path: string }[]).map((e) => e.path);
    expect(paths).toContain("jobs.yaml");
    expect(paths.some((p) => p.includes("README") || p.startsWith("../"))).toBe(false);
    expect(tree.headers["cache-control"]).toBe("no-store");
  });

  it("saves a valid change to the file, and nothing else", async () => {
    const changed = jobs().replace("title: Software Engineer Intern", "title: Graduate Software Engineer");
    expect(b64(changed)).toMatch(/[+/]/);
    const res = await save([{ path: "jobs.yaml", contents: changed }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(jobs()).toContain("title: Graduate Software Engineer");
    expect(git(checkout.root, "status", "--porcelain")).toBe(" M content/jobs.yaml\n");
  });

  it("refuses an empty required field, naming the file and the field, and writes nothing", async () => {
    const before = jobs();
    const res = await save([
      { path: "jobs.yaml", contents: before.replace(/title: .*Engineer.*\n/, "title: ''\n") },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("content/jobs.yaml › Openings › item 1 › Title: Title is required");
    expect(jobs()).toBe(before);
  });

  it("refuses what no single file can show: an opening at an office the company does not have", async () => {
    const before = jobs();
    const res = await save([
      { path: "jobs.yaml", contents: before.replace("office: Colombo", "office: Paris") },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/Office: "Paris" is not one of the company's offices/);
    expect(jobs()).toBe(before);
  });

  it("refuses every path outside content/ and the image folder, and deleting a content file", async () => {
    for (const target of [
      "../README.md",
      "../apps/web/app/root.tsx",
      "notes.txt",
      "images/../jobs.yaml",
      "images/x.svg",
      "/etc/passwd",
    ]) {
      const res = await save([{ path: target, contents: "x" }]);
      expect(res.statusCode, target).toBe(400);
    }
    const res = await save([], ["jobs.yaml"]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("only uploaded images can");
    expect(readFileSync(path.join(checkout.root, "README.md"), "utf8")).toBe("A checkout.\n");
  });

  it("takes a PNG, JPEG or WebP upload by its bytes, and refuses SVG, a disguised file and anything over 2 MB", async () => {
    expect((await save([{ path: "images/ok.png", contents: PNG }])).statusCode).toBe(200);
    const svg = await save([
      {
        path: "images/logo.png",
        contents: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
    ]);
    expect(svg.statusCode).toBe(400);
    expect(svg.body).toContain("SVG images are not accepted");
    const gif = await save([{ path: "images/anim.webp", contents: "GIF89a\u0001\u0000" }]);
    expect(gif.body).toContain("not a PNG, JPEG or WebP image");
    const big = await save([
      { path: "images/big.png", contents: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.body).toContain("at most 2 MB is accepted");
  });

  it("names a missing photo when a product points at an image that was never uploaded", async () => {
    const products = readFileSync(path.join(checkout.contentDir, "products.yaml"), "utf8");
    const res = await save([
      {
        path: "products.yaml",
        contents: products.replace(
          "illustration: pos",
          "illustration: pos\n    photo: /images/uploads/none.png",
        ),
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Products › Point of Sales (POS) › Photo: images/none.png does not exist");
  });

  it("needs the desk's own Origin to save", async () => {
    const res = await save([{ path: "jobs.yaml", contents: jobs() }], [], FOREIGN_ORIGIN);
    expect(res.statusCode).toBe(403);
  });

  it("serves the editor's page with its own CSP, and every other desk page with the desk's", async () => {
    const app = await d.desk(checkout.env);
    const editor = await app.inject({ url: "/keystatic/singleton/jobs" });
    const csp = String(editor.headers["content-security-policy"]);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-fixture'(;|$)/);
    expect(csp).toContain("connect-src 'self'");
    const inbox = await app.inject({ url: "/content" });
    expect(String(inbox.headers["content-security-policy"])).not.toContain("unsafe-inline");
    expect(String(inbox.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    const lookalike = await app.inject({ url: "/keystaticx" });
    expect(String(lookalike.headers["content-security-policy"])).not.toContain("unsafe-inline");
  });
});
