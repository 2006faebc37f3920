import { expect, test } from "@playwright/test";
import { company } from "@site/content/data/company";
import { jobs } from "@site/content/data/jobs";
import { products } from "@site/content/data/products";
import { serviceSlugs } from "../app/lib/services";
import { services } from "@site/content/data/services";
import { whyChoose } from "@site/content/data/why-choose";
import { serveSpaFallbackIfMissing } from "./pages-helpers";
import { waitForHydration } from "./support/chrome";

const h1Of = (html: string) => html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, "");

test.describe("raw prerendered HTML holds each page's real content", () => {
  const expectations: Record<string, (string | RegExp)[]> = {
    "/": [
      "Your Trusted Enterprise Solutions Provider",
      "What We Offer",
      "Web Development Packages",
      "How We Work",
      "What Our Clients Say",
      "Ready to Transform Your Business?",
      "Clients Worldwide",
    ],
    "/about": ["About Ceylon Bridge Technologies", "Our mission", "Our vision", "2014", "Colombo", "London"],
    "/services": services.map((s) => s.title.replace("&", "&amp;")),
    "/packages": ["£250", "£500", "£1000", "£2.99", "£6.99", "£14.99", "Most Popular"],
    "/careers": [...jobs.map((j) => j.title), company.email.careers],
    "/login": ["Log in", 'type="email"'],
    "/register": ["Create an account", "confirmPassword"],
  };
  for (const [path, needles] of Object.entries(expectations)) {
    test(`${path}`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      for (const needle of needles) expect(html).toContain(needle);
    });
  }

  test("every service page", async ({ request }) => {
    for (const [i, slug] of serviceSlugs.entries()) {
      const html = await (await request.get(`/services/${slug}`)).text();
      expect(h1Of(html)).toBe(services[i]?.title.replace("&", "&amp;"));
      expect(html).toContain("Request a Quote");
      expect(html).toContain('href="/quote"');
      expect(html).toMatch(
        /<img[^>]+src="\/images\/services\/[a-z-]+\.svg"[^>]+width="416"[^>]+height="312"/,
      );
      expect(html).toContain('"@type":"Service"');
      expect(html).toContain('"@type":"BreadcrumbList"');
    }
  });

  test("every product page", async ({ request }) => {
    for (const p of products) {
      const html = await (await request.get(`/products/${p.id}`)).text();
      expect(h1Of(html)).toBe(p.name);
      expect(html).toContain(`src="/images/products/${p.id}.svg"`);
      expect(html).toContain('"@type":"SoftwareApplication"');
      if (p.cta === "packages") {
        expect(html).toContain('href="/packages"');
        expect(html).toContain("View Packages");
      } else {
        expect(html).toContain("Request a Quote");
        expect(html).not.toContain("View Packages");
      }
    }
  });

  test("every job page", async ({ request }) => {
    for (const job of jobs) {
      const html = await (await request.get(`/careers/${job.slug}`)).text();
      expect(h1Of(html)).toBe(job.title);
      for (const heading of ["Responsibilities", "Requirements"]) expect(html).toContain(heading);
      expect(html).toContain("Colombo, Sri Lanka");
      expect(html).toContain('"@type":"JobPosting"');
      expect(html).toContain('"employmentType":"INTERN"');
    }
  });
});

test("home sections come in the spec's order with the spec's strings", async ({ page }) => {
  await page.goto("/");
  const headings = await page.locator("main h1, main h2").allTextContents();
  const order = [
    "Your Trusted Enterprise Solutions Provider",
    "What We Offer",
    "Web Development Packages",
    whyChoose.title,
    "How We Work",
    "What Our Clients Say",
    "Ready to Transform Your Business?",
  ].map((h) => headings.indexOf(h));
  expect(order.every((i) => i >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);

  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/services");
  await expect(main.getByRole("link", { name: "Learn More about our company", exact: true })).toHaveAttribute(
    "href",
    "/about",
  );
  for (const stat of [
    "50+ Clients Worldwide",
    "50+ IT Experts",
    "100+ Projects Completed",
    "99% Client Satisfaction",
  ]) {
    const [value, ...label] = stat.split(" ");
    await expect(main.locator("li", { hasText: label.join(" ") }).first()).toContainText(value ?? "");
  }
  const servicesSection = page.locator('[data-section="services"]');
  await expect(servicesSection).toContainText("Our Services");
  for (const s of services) {
    const link = servicesSection.getByRole("link", { name: `Learn More about ${s.title}` });
    await expect(link).toHaveAttribute("href", `/services/${s.title.toLowerCase().replace(/ /g, "-")}`);
  }
  await expect(main.getByRole("link", { name: "Explore All Services" })).toHaveAttribute("href", "/services");
  const packageLinks = page.locator('[data-section="packages"] a');
  await expect(packageLinks).toHaveCount(3);
  for (const href of await packageLinks.evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
    expect(href).toBe("/services");
  await expect(page.locator('[data-section="process"] li')).toHaveCount(6);
  const testimonials = page.locator('[data-section="testimonials"]');
  await expect(testimonials).toContainText("Client Success Stories");
  await expect(testimonials.locator("blockquote")).toHaveCount(3);
  await expect(testimonials.locator("figcaption svg")).toHaveCount(3);
  await expect(main).toContainText(
    "Get in touch with us today and discover how our solutions can drive your business forward.",
  );
  await expect(main.getByRole("link", { name: "Schedule a Free Consultation" })).toHaveAttribute(
    "href",
    "/consultation",
  );
  await expect(main.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
});

test("service cards sit three per row on wide screens", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const tops = await page
    .locator('[data-section="services"] ul > li')
    .evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)));
  expect(tops).toHaveLength(8);
  expect(new Set(tops.slice(0, 3)).size).toBe(1);
  expect(tops[3]).toBeGreaterThan(tops[0] ?? 0);
});

test("Learn More reaches the service page, including the one whose slug has '&'", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Learn More about CCTV & Surveillance Solutions" }).click();
  await expect(page).toHaveURL(/\/services\/cctv-(&|%26)-surveillance-solutions$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("CCTV & Surveillance Solutions");
  await expect(page.getByRole("link", { name: "Request a Quote" }).first()).toHaveAttribute("href", "/quote");
  // A direct load of the raw form works too.
  for (const url of ["/services/cctv-&-surveillance-solutions"]) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(await res.text()).toContain("CCTV &amp; Surveillance Solutions");
  }
});

test("an unknown service shows 'Service not found.' with a way back", async ({ page, request }) => {
  await serveSpaFallbackIfMissing(page, request, "/services/nope");
  await page.goto("/services/nope");
  await expect(page.getByText("Service not found.")).toBeVisible();
  await page.getByRole("link", { name: "View all services" }).click();
  await expect(page).toHaveURL(/\/services$/);
});

test("an unknown product shows 'Product not found' with a way back", async ({ page, request }) => {
  await serveSpaFallbackIfMissing(page, request, "/products/nope");
  await page.goto("/products/nope");
  await expect(page.getByText("Product not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
});

test("an unknown job shows a not-found message linking to /careers", async ({ page, request }) => {
  await serveSpaFallbackIfMissing(page, request, "/careers/nope");
  await page.goto("/careers/nope");
  await expect(page.getByRole("heading", { name: "Job not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See current openings" })).toHaveAttribute("href", "/careers");
});

test("packages show the spec's prices and features", async ({ page }) => {
  await page.goto("/packages");
  const card = (category: string, title: string) =>
    page.locator("li", { has: page.getByRole("heading", { name: `${category}: ${title}`, exact: true }) });
  const web = [
    ["Basic", "£250", ["5-page responsive website", "Essential SEO", "Contact form integration"]],
    ["Standard", "£500", ["10-page website", "Custom design", "Blog integration", "E-commerce ready"]],
    [
      "Premium",
      "£1000",
      ["20+ pages", "Feature-rich website", "API integrations", "Payment gateways", "Advanced security"],
    ],
  ] as const;
  for (const [title, price, features] of web) {
    const c = card("Web development", title);
    await expect(c).toContainText(price);
    await expect(c).toContainText("one-time");
    for (const f of features) await expect(c).toContainText(f);
  }
  await expect(card("Web development", "Standard")).toContainText("Most Popular");
  await expect(page.getByText("Most Popular")).toHaveCount(1);
  const hosting = [
    ["Basic", "£2.99", ["1 GB storage", "10 GB bandwidth", "1 domain"]],
    ["Standard", "£6.99", ["5 GB storage", "50 GB bandwidth", "5 domains"]],
    ["Premium", "£14.99", ["Unlimited storage", "Unlimited bandwidth", "Unlimited domains"]],
  ] as const;
  for (const [title, price, features] of hosting) {
    const c = card("Web hosting", title);
    await expect(c).toContainText(price);
    await expect(c).toContainText("per month");
    for (const f of features) await expect(c).toContainText(f);
  }
  const bg = await page
    .locator('section[aria-labelledby="web-packages-title"]')
    .evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(bg).toContain("/images/bg-images/packages-bg.jpeg");
  const img = await page.request.get("/images/bg-images/packages-bg.jpeg");
  expect(img.status()).toBe(200);
  expect(img.headers()["content-type"]).toContain("image/jpeg");
});

test("careers lists three openings, their pages and the careers e-mail", async ({ page }) => {
  await page.goto("/careers");
  const expected = [
    ["Software Engineer Intern", "/careers/software-engineer"],
    ["UI/UX Designer Intern", "/careers/ui-ux-designer"],
    ["Mobile App Developer Intern", "/careers/mobile-app-developer-interns"],
  ] as const;
  for (const [title, href] of expected) {
    await expect(
      page.getByRole("link", { name: new RegExp(`^View role\\W+${title.replace("/", "\\/")}$`) }),
    ).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("link", { name: company.email.careers })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${company.email.careers}`),
  );
  for (const [title, href] of expected) {
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const apply = page.getByRole("link", { name: "Apply Now", exact: true });
    const mailto = new URL((await apply.getAttribute("href")) ?? "");
    expect(mailto.protocol).toBe("mailto:");
    expect(mailto.pathname).toBe(company.email.careers);
    expect(mailto.searchParams.get("subject")).toContain(title);
  }
});

test("login alerts the entered e-mail; fields are required", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  const email = page.getByLabel("Email");
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("required", "");
  await expect(page.getByLabel("Password")).toHaveAttribute("required", "");
  const messages: string[] = [];
  page.on("dialog", (d) => {
    messages.push(d.message());
    void d.accept();
  });
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.getByRole("button", { name: "Log in" }).click();
  expect(messages).toEqual([]); // native validation blocks the empty form
  await email.fill("ada@example.com");
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect.poll(() => messages).toEqual(["ada@example.com"]);
  expect(requests.filter((u) => !/\/assets\/|\.data$/.test(u))).toEqual([]);
});

test("register checks the passwords match, then alerts the name", async ({ page }) => {
  await page.goto("/register");
  await waitForHydration(page);
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  for (const label of ["Full name", "Email", "Password", "Confirm password"])
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("required", "");
  const messages: string[] = [];
  page.on("dialog", (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password", { exact: true }).fill("one-password");
  await page.getByLabel("Confirm password").fill("another-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect.poll(() => messages).toEqual(["Passwords do not match!"]);
  await page.getByLabel("Confirm password").fill("one-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect.poll(() => messages).toEqual(["Passwords do not match!", "Ada Lovelace"]);
});
