import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";
import { company } from "@site/content/data/company";
import { type LdNode, ofType, parseRawHtml } from "./support/html-head";
import { canonicalFor, indexableRoutes, isNested, noindexRoutes, routes, siteUrl } from "./support/site";

// A search engine's view: raw prerendered HTML fetched without a browser, so no JavaScript runs.
// These checks do not depend on the viewport: run them once, in the desktop project.
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 1024,
  "raw-HTML checks run once, in the desktop project",
);

async function raw(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), `${path} status`).toBeLessThan(path === "/404" ? 500 : 300);
  expect(res.headers()["content-type"]).toContain("text/html");
  return parseRawHtml(await res.text());
}

const needProps = (node: LdNode | undefined, props: string[], what: string) => {
  expect(node, `${what} present`).toBeDefined();
  for (const p of props) expect(node?.[p], `${what}.${p}`).toBeTruthy();
};

test.describe("every prerendered route, raw HTML", () => {
  for (const path of routes) {
    test(`head of ${path}`, async ({ request }) => {
      const page = await raw(request, path);
      expect(page.lang).toBe("en-GB");
      expect(page.titles).toHaveLength(1);
      expect(page.titles[0]).toBeTruthy();

      if (noindexRoutes.includes(path)) {
        expect(page.meta("name", "robots")).toMatch(/noindex/);
        return;
      }
      expect(page.meta("name", "robots") ?? "").not.toMatch(/noindex/);
      const description = page.meta("name", "description") ?? "";
      expect(description.length, "meta description length").toBeGreaterThanOrEqual(50);
      expect(description.length, "meta description length").toBeLessThanOrEqual(170);

      const canonical = page.link("canonical");
      expect(canonical).toHaveLength(1);
      expect(canonical[0]?.href).toBe(canonicalFor(path));

      expect(page.meta("property", "og:title")).toBe(page.titles[0]);
      expect(page.meta("property", "og:description")).toBe(description);
      expect(page.meta("property", "og:url")).toBe(canonicalFor(path));
      expect(page.meta("property", "og:image")).toBe(`${siteUrl}/og-image.png`);
      expect(page.meta("name", "twitter:card")).toBe("summary_large_image");
    });
  }
});

test("titles and descriptions are unique across indexable pages", async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of indexableRoutes) {
    const page = await raw(request, path);
    const title = page.titles[0] ?? "";
    const description = page.meta("name", "description") ?? "";
    expect(titles.get(title), `title of ${path} also used by`).toBeUndefined();
    expect(descriptions.get(description), `description of ${path} also used by`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
  }
});

test("every page has lang, icons and exactly one complete Organization JSON-LD", async ({ request }) => {
  for (const path of routes) {
    const page = await raw(request, path);
    expect(page.lang, path).toBe("en-GB");
    const orgs = ofType(page.jsonLd, "Organization");
    expect(orgs, `${path}: one Organization node`).toHaveLength(1);
    const org = orgs[0];
    needProps(
      org,
      ["name", "legalName", "url", "logo", "address", "contactPoint", "sameAs", "foundingDate"],
      "Organization",
    );
    expect(org?.["@context"]).toBe("https://schema.org");
    expect(org?.name).toBe(company.name);
    expect(org?.url).toBe(`${siteUrl}/`);
    expect(org?.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "GB" });
    expect(org?.sameAs).toEqual(company.social.map((s) => s.href));
    expect(JSON.stringify(org?.contactPoint)).toContain("ContactPoint");

    const icons = page.link("icon").map((l) => l.href);
    expect(icons, path).toEqual(expect.arrayContaining(["/favicon.svg", "/favicon-32x32.png"]));
    expect(page.link("apple-touch-icon")[0]?.href).toBe("/apple-touch-icon.png");
    expect(page.link("manifest")[0]?.href).toBe("/site.webmanifest");
  }
});

test("the 404 page is noindex", async ({ request }) => {
  const page = await raw(request, "/404");
  expect(page.meta("name", "robots")).toMatch(/noindex/);
});

test("login and register placeholders are noindex", async ({ request }) => {
  for (const path of ["/login", "/register"]) {
    expect((await raw(request, path)).meta("name", "robots"), path).toMatch(/noindex/);
  }
});

test.describe("page-type JSON-LD", () => {
  test("Service on each service page", async ({ request }) => {
    for (const path of routes.filter((p) => p.startsWith("/services/"))) {
      const service = ofType((await raw(request, path)).jsonLd, "Service")[0];
      needProps(service, ["name", "description", "provider"], `Service on ${path}`);
    }
  });

  test("SoftwareApplication or Product on each product page", async ({ request }) => {
    for (const path of routes.filter((p) => p.startsWith("/products/"))) {
      const product = ofType((await raw(request, path)).jsonLd, "SoftwareApplication", "Product")[0];
      needProps(product, ["name", "description"], `Product on ${path}`);
    }
  });

  test("JobPosting with its required properties on each job page", async ({ request }) => {
    const jobPaths = routes.filter((p) => /^\/careers\/.+/.test(p));
    expect(jobPaths.length).toBeGreaterThan(0);
    for (const path of jobPaths) {
      const job = ofType((await raw(request, path)).jsonLd, "JobPosting")[0];
      needProps(
        job,
        ["title", "description", "datePosted", "employmentType", "hiringOrganization", "jobLocation"],
        `JobPosting on ${path}`,
      );
      expect([job?.employmentType].flat()).toContain("INTERN");
      expect(Number.isNaN(Date.parse(String(job?.datePosted)))).toBe(false);
    }
  });

  test("BreadcrumbList on nested pages, ending at the page itself", async ({ request }) => {
    for (const path of routes.filter(isNested)) {
      const crumbs = ofType((await raw(request, path)).jsonLd, "BreadcrumbList")[0];
      const items = (crumbs?.itemListElement ?? []) as LdNode[];
      expect(items.length, `breadcrumbs on ${path}`).toBeGreaterThanOrEqual(2);
      items.forEach((item, i) => expect(item.position).toBe(i + 1));
      const last = items.at(-1);
      const lastUrl =
        typeof last?.item === "string" ? last.item : (last?.item as LdNode | undefined)?.["@id"];
      expect(lastUrl ?? canonicalFor(path)).toBe(canonicalFor(path));
    }
  });

  test("Offer / PriceSpecification in GBP on /packages", async ({ request }) => {
    const nodes = JSON.stringify((await raw(request, "/packages")).jsonLd);
    expect(nodes).toMatch(/"@type":"(Offer|AggregateOffer|PriceSpecification|UnitPriceSpecification)"/);
    const currencies = [...nodes.matchAll(/"priceCurrency":"([A-Z]{3})"/g)].map((m) => m[1]);
    expect(currencies.length).toBeGreaterThan(0);
    expect(new Set(currencies)).toEqual(new Set(["GBP"]));
  });
});

test("sitemap.xml lists every indexable prerendered URL and nothing else", async ({ request }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/xml/);
  const xml = await res.text();
  expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
  expect(locs.sort()).toEqual(indexableRoutes.map(canonicalFor).sort());
  for (const path of noindexRoutes) expect(locs).not.toContain(canonicalFor(path));
  // Every listed URL is really served on this site.
  for (const loc of locs) {
    expect((await request.get(loc.slice(siteUrl.length) || "/")).status(), loc).toBe(200);
  }
});

test("robots.txt allows crawling and points to the sitemap", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  const body = await res.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).not.toMatch(/^Disallow: \/\s*$/m);
  expect(body).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
});

async function image(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()["content-type"], path).toMatch(/^image\/png/);
  return sharp(await res.body()).metadata();
}

test("share image is a 1200×630 PNG", async ({ request }) => {
  const meta = await image(request, "/og-image.png");
  expect([meta.width, meta.height]).toEqual([1200, 630]);
});

test("favicons, apple-touch-icon and web manifest are served", async ({ request }) => {
  const svg = await request.get("/favicon.svg");
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(await svg.text()).toContain("<svg");
  expect(await image(request, "/favicon-32x32.png")).toMatchObject({ width: 32, height: 32 });
  expect(await image(request, "/apple-touch-icon.png")).toMatchObject({ width: 180, height: 180 });

  const res = await request.get("/site.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.name).toBe(company.name);
  expect(manifest.short_name.length).toBeLessThanOrEqual(15);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}`);
    expect(icon, `${size} icon`).toBeDefined();
    expect(await image(request, icon?.src ?? "")).toMatchObject({ width: size, height: size });
  }
});
