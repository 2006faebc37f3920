import { contentSecurityPolicy, siteManifestSchema } from "@site/site-policy";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { BOOT_AFTER_PAINT_SCRIPT } from "./boot-after-paint";
import { listClientFiles } from "./client-files";
import {
  attribute,
  elementsOf,
  findElement,
  parseHtml,
  removeElement,
  replaceElement,
  serializeHtml,
  templateContent,
  textOf,
} from "./html-tree";
import { ROUTER_BOOT_ID } from "./router-page";
import { fixtureBuildDir, fixtureClientDir, readBuilt, readRouterOutput } from "./test-fixture/fixture-build";
import { FIXTURE_SERVICE_URLS, HEAD_SCRIPT } from "./test-fixture/fixture-facts";

// The real `react-router build` of the fixture app (test-fixture/), rewritten by the site's own build
// end: what a visitor's browser and the site server get.

const PAGES = ["__spa-fallback.html", "index.html", "items/first/index.html"];
const readManifest = async () =>
  siteManifestSchema.parse(
    JSON.parse(await readFile(path.join(fixtureBuildDir(), "site-manifest.json"), "utf8")),
  );
const elements = (node: Parameters<typeof elementsOf>[0]) => [...elementsOf(node)];
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the fixture build", () => {
  it("prints no warning", () => {
    expect(inject("fixtureBuildLog")).not.toMatch(/warn|⚠|\(!\)|deprecat/i);
  });

  it("inlines the stylesheet after its link, which stays, disabled", async () => {
    const document = parseHtml(await readBuilt("index.html"));
    const link = elements(document).find((e) => attribute(e, "rel") === "stylesheet");
    const href = link ? attribute(link, "href") : undefined;
    expect(href).toMatch(/^\/assets\/root-[\w-]+\.css$/);
    expect(link && attribute(link, "disabled")).toBe("");
    const style = link?.parentNode?.childNodes[link.parentNode.childNodes.indexOf(link) + 1];
    const css = await readFile(path.join(fixtureClientDir(), href ?? ""), "utf8");
    expect(style && "tagName" in style && style.tagName === "style" && textOf(style)).toBe(css);
  });

  it("runs React Router's boot after the first paint, and keeps only the entry's modulepreload link", async () => {
    const original = parseHtml(await readRouterOutput("index.html"));
    const routerBoot = elements(original).find((e) => attribute(e, "type") === "module");
    const entry = /import\("(\/assets\/entry\.client-[\w-]+\.js)"\);\s*$/.exec(
      routerBoot ? textOf(routerBoot) : "",
    )?.[1];
    expect(entry).toBeDefined();
    expect(elements(original).filter((e) => attribute(e, "rel") === "modulepreload").length).toBeGreaterThan(
      3,
    );

    const document = parseHtml(await readBuilt("index.html"));
    const preloads = elements(document).filter((e) => attribute(e, "rel") === "modulepreload");
    expect(preloads.map((e) => [e.parentNode, attribute(e, "href")])).toEqual([
      [findElement(document, "head"), entry],
    ]);
    // No module script the parser would run: React Router's is in the boot's <template>, as it wrote
    // it, right before the script that puts it in place after the first paint.
    expect(elements(document).filter((e) => attribute(e, "type") === "module")).toEqual([]);
    const template = elements(document).find((e) => attribute(e, "id") === ROUTER_BOOT_ID);
    const content = template ? elements(templateContent(template)) : [];
    expect(content.map((e) => [e.attrs, textOf(e)])).toEqual([[routerBoot?.attrs, textOf(routerBoot!)]]);
    const next = template?.parentNode?.childNodes[template.parentNode.childNodes.indexOf(template) + 1];
    expect(next && "tagName" in next && [next.tagName, next.attrs, textOf(next)]).toEqual([
      "script",
      [],
      BOOT_AFTER_PAINT_SCRIPT,
    ]);
    expect(template?.parentNode).toBe(findElement(document, "body"));
    // The first paint waits until the parser has reached the template (the whole page).
    const head = findElement(document, "head");
    const [charset, expectLink] = head ? elements(head) : [];
    expect(charset && attribute(charset, "charset")).toBe("utf-8");
    expect(expectLink?.attrs).toEqual([
      { name: "rel", value: "expect" },
      { name: "href", value: `#${ROUTER_BOOT_ID}` },
      { name: "blocking", value: "render" },
    ]);
  });

  it("leaves the SPA fallback's boot as React Router wrote it (it paints nothing before React)", async () => {
    expect(await readBuilt("__spa-fallback.html")).toContain('<script type="module" async="">');
  });

  it.each(PAGES)("leaves every other part of %s as React Router wrote it", async (file) => {
    const original = parseHtml(await readRouterOutput(file));
    const rewritten = parseHtml(await readBuilt(file));
    const kept = new Set(
      elements(rewritten).flatMap((e) =>
        attribute(e, "rel") === "modulepreload" ? [attribute(e, "href")] : [],
      ),
    );
    for (const link of elements(original).filter((e) => attribute(e, "rel") === "modulepreload")) {
      if (!kept.has(attribute(link, "href"))) removeElement(link);
    }
    for (const element of elements(rewritten)) {
      if (element.tagName === "style" || attribute(element, "rel") === "expect") removeElement(element);
      if (attribute(element, "rel") === "stylesheet")
        element.attrs = element.attrs.filter((a) => a.name !== "disabled");
      if (element.tagName === "script" && textOf(element) === BOOT_AFTER_PAINT_SCRIPT) removeElement(element);
      if (attribute(element, "id") === ROUTER_BOOT_ID) {
        const [script] = elements(templateContent(element));
        if (script) replaceElement(element, script);
      }
    }
    expect(serializeHtml(rewritten)).toBe(serializeHtml(original));
  });

  it.each(PAGES)("lists exactly the inline scripts and styles of %s in the site manifest", async (file) => {
    const manifest = await readManifest();
    const document = parseHtml(await readBuilt(file));
    // React Router's boot, in its <template>, is inline code that runs too.
    const all = [...elementsOf(document, { templates: true })];
    const scripts = all.filter((e) => e.tagName === "script");
    const executable = scripts.filter((e) => attribute(e, "type") !== "application/ld+json");
    const styles = all.filter((e) => e.tagName === "style");
    expect(executable.some((e) => attribute(e, "type") === "module")).toBe(true);
    expect(manifest.pages[file]).toEqual({
      scriptHashes: [...new Set(executable.map((e) => sha256(textOf(e))))],
      styleHashes: [...new Set(styles.map((e) => sha256(textOf(e))))],
    });
    // The JSON-LD data block is never executed and needs no hash; the head script and the boot do.
    const jsonLd = scripts.find((e) => attribute(e, "type") === "application/ld+json");
    expect(jsonLd).toBeDefined();
    expect(manifest.pages[file]?.scriptHashes).not.toContain(sha256(jsonLd ? textOf(jsonLd) : ""));
    expect(manifest.pages[file]?.scriptHashes).toContain(sha256(HEAD_SCRIPT));
  });

  it("writes the site manifest from the route table and the service URLs", async () => {
    const manifest = await readManifest();
    expect(manifest.version).toBe(3);
    expect(manifest.connectOrigins).toEqual(["http://localhost:8581", "https://quotes.example.com"]);
    expect(manifest.connectOrigins).toEqual([
      new URL(FIXTURE_SERVICE_URLS.contact).origin,
      new URL(FIXTURE_SERVICE_URLS.quotation).origin,
    ]);
    expect(manifest.dynamicRoutePrefixes).toEqual(["/items/"]);
    expect(Object.keys(manifest.pages).sort()).toEqual(PAGES);
  });

  it("writes the static-host configs with each page's CSP", async () => {
    const manifest = await readManifest();
    const csp = contentSecurityPolicy({
      ...manifest.pages["index.html"],
      connectOrigins: manifest.connectOrigins,
    });
    expect(await readBuilt("_headers")).toContain(`\n/\n  Content-Security-Policy: ${csp}\n`);
    expect(await readBuilt("_redirects")).toContain("/items/*  /__spa-fallback.html  404\n");
    const nginx = await readFile(path.join(fixtureBuildDir(), "nginx-site.conf"), "utf8");
    expect(nginx).toContain("location = /items/first {");
    expect(nginx).toContain("location ~ ^/(items)/[^/]+/?$ {");
  });

  it("precompresses every compressible file of 512 bytes or more, only where that is smaller", async () => {
    const files = await listClientFiles(fixtureClientDir());
    const compressible = /\.(html|js|css|json|data|txt|xml|svg|webmanifest|map|ico)$/;
    let checked = 0;
    for (const file of files) {
      const abs = path.join(fixtureClientDir(), file);
      const raw = await readFile(abs);
      for (const [ext, unpack] of [
        ["br", brotliDecompressSync],
        ["gz", gunzipSync],
      ] as const) {
        const copy = `${abs}.${ext}`;
        if (!compressible.test(file) || raw.length < 512) {
          expect(existsSync(copy), copy).toBe(false);
          continue;
        }
        const packed = await readFile(copy);
        expect(packed.length).toBeLessThan(raw.length);
        expect(unpack(packed).equals(raw), copy).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(files.some((f) => compressible.test(f) && f.endsWith(".js"))).toBe(true);
  });
});
