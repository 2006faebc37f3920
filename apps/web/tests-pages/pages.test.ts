import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { buildDigests } from "./page-digest";

const snapshots = path.join(path.dirname(fileURLToPath(import.meta.url)), "snapshots");
const snapshotOf = (file: string) => path.join(snapshots, "pages", `${file}.txt`);

let digests: Awaited<ReturnType<typeof buildDigests>>;
beforeAll(async () => {
  digests = await buildDigests(inject("pagesClientDir"));
});

describe("the site built from the fixture content", () => {
  it("has a snapshot for every page it builds, and builds every page that has one", async () => {
    const snapshotted = (await readdir(path.join(snapshots, "pages"), { recursive: true }))
      .filter((f) => f.endsWith(".html.txt"))
      .map((f) =>
        f
          .split(path.sep)
          .join("/")
          .replace(/\.txt$/, ""),
      )
      .sort();
    expect([...digests.pages.keys()]).toEqual(snapshotted);
  });

  it("renders each page's head and body as the snapshot says", async () => {
    for (const [file, digest] of digests.pages) {
      await expect(digest, file).toMatchFileSnapshot(snapshotOf(file));
    }
  });

  it("renders the same header, footer and site-wide head on every page, as the snapshot says", async () => {
    const home = digests.chrome.get("index.html")!;
    await expect(home).toMatchFileSnapshot(path.join(snapshots, "chrome.txt"));
    for (const [file, chrome] of digests.chrome) {
      // The SPA fallback is an empty document shell: the site-wide head only.
      if (file === "__spa-fallback.html") expect(home.startsWith(chrome), file).toBe(true);
      else expect(chrome, file).toBe(home);
    }
  });
});
