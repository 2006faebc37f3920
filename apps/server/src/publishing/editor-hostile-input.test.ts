// Hostile input for the content editor's save (issue 33, item 8's part): generated bodies, valid saves
// with one line changed to something odd, files around the 512 KB bound, paths out of content/,
// contents that are not base64, JSON that is not a save. Every answer is 200, 400 or 413 (never a
// 5xx), a file over 512 KB is always 413, and what is on disk afterwards is only what the rules let
// through: every content file valid by itself, nothing outside content/ and its image folder touched.
// FC_SEED replays a failure.
import { KINDS, KIND_NAMES, kindOfFile, validateFile } from "@site/content";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONTENT_FILE_MAX_BYTES } from "./editor-update";
import { DESK_URL, useDesk } from "../../test/desk-helpers";
import { contentCheckout, git } from "../../test/publishing-helpers";

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const FILES = KIND_NAMES.map((k) => KINDS[k].file);

describe("the editor's save under hostile input", () => {
  const d = useDesk("sqlite");
  const checkout = contentCheckout();
  afterAll(() => checkout.cleanup());
  const original = Object.fromEntries(
    FILES.map((f) => [f, readFileSync(path.join(checkout.contentDir, f), "utf8")]),
  );

  const odd = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(
      "",
      "~",
      "null",
      "[]",
      "{}",
      "- - -",
      "&a *a",
      "!!js/function x",
      "\u0000",
      "'",
      '"',
      "\t",
    ),
  );
  /** A content file with one of its lines replaced by something odd (often still valid). */
  const mutated = fc.tuple(fc.constantFrom(...FILES), fc.nat(), odd).map(([file, at, text]) => {
    const lines = original[file]!.split("\n");
    const i = at % lines.length;
    const [key] = /^\s*-?\s*[a-zA-Z]+:/.exec(lines[i]!) ?? [""];
    lines[i] = key ? `${key} ${text}` : text;
    return { path: file, contents: Buffer.from(lines.join("\n")).toString("base64") };
  });
  /** A valid file padded with a comment to just under or over the bound. */
  const sized = fc
    .tuple(fc.constantFrom(...FILES), fc.integer({ min: -64, max: 64 }))
    .map(([file, delta]) => {
      const head = `${original[file]!}\n# `;
      const size = CONTENT_FILE_MAX_BYTES + delta;
      return {
        path: file,
        contents: Buffer.from(head + "x".repeat(Math.max(0, size - head.length))).toString("base64"),
      };
    });
  const paths = fc.oneof(
    fc.constantFrom(
      ...FILES,
      "../README.md",
      "images/../jobs.yaml",
      "/etc/passwd",
      "images/a.png",
      "images/x.svg",
      "jobs.yaml/",
      ".git/config",
    ),
    fc.string({ maxLength: 30 }),
  );
  const addition = fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: sized },
    { weight: 2, arbitrary: fc.record({ path: paths, contents: fc.base64String({ maxLength: 200 }) }) },
    { weight: 1, arbitrary: fc.record({ path: paths, contents: fc.string({ maxLength: 40 }) }) },
  );
  const save = fc.record({
    additions: fc.array(addition, { maxLength: 3 }),
    deletions: fc.array(fc.record({ path: paths }), { maxLength: 2 }),
  });
  const body = fc.oneof(
    { weight: 6, arbitrary: save.map((s) => JSON.stringify(s)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc
        .record({ additions: fc.jsonValue(), deletions: fc.jsonValue() })
        .map((v) => JSON.stringify(v)),
    },
  );

  /** The decoded size of a content file in a save, as the rule counts it. */
  const oversized = (text: string) => {
    try {
      const parsed = JSON.parse(text) as { additions?: { path?: unknown; contents?: unknown }[] };
      return (parsed.additions ?? []).some(
        (a) =>
          typeof a.path === "string" &&
          typeof a.contents === "string" &&
          kindOfFile(a.path) !== undefined &&
          Math.floor((a.contents.replace(/=+$/, "").length * 3) / 4) > CONTENT_FILE_MAX_BYTES,
      );
    } catch {
      return false;
    }
  };

  it("answers 200, 400 or 413, never a 5xx, and stores only what the rules let through", async () => {
    const app = await d.desk(checkout.env);
    const { cookie } = await d.signIn();
    const counts: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await app.inject({
          method: "POST",
          url: "/api/keystatic/update",
          headers: { cookie, origin: DESK_URL, "content-type": "application/json", "no-cors": "1" },
          payload: text,
        });
        counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
        expect([200, 400, 413], res.body).toContain(res.statusCode);
        if (oversized(text)) {
          expect(res.statusCode).toBe(413);
          expect(res.body).toMatch(
            /^Not saved: content\/[a-z-]+\.yaml is 51[23] KB; a content file may be at most 512 KB\.$/,
          );
        }
        if (res.statusCode !== 200) expect(res.body).toMatch(/^Not saved: /);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 120), seed },
    );
    console.log(`editor save, seed ${seed}: answers`, counts);
    expect(counts[200] ?? 0).toBeGreaterThan(0);
    expect(counts[400] ?? 0).toBeGreaterThan(0);
    for (const kind of KIND_NAMES) {
      const text = readFileSync(path.join(checkout.contentDir, KINDS[kind].file), "utf8");
      expect(validateFile(kind, text), KINDS[kind].file).toHaveProperty("data");
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CONTENT_FILE_MAX_BYTES);
    }
    const changed = git(checkout.root, "status", "--porcelain", "--untracked-files=all")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3));
    for (const file of changed)
      expect(file).toMatch(/^content\/([a-z-]+\.yaml|images\/[a-z0-9][a-z0-9._-]*\.(png|jpe?g|webp))$/);
  }, 300_000);
});
