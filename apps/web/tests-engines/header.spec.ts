/**
 * The fixed header (spec §2 "Header"): desktop links and dropdowns at 1280 px, the mobile menu at
 * phone sizes with a first-time visitor's cookie banner on screen.
 */
import { headerLinks, productsMenu, quoteLink, servicesMenu } from "../app/lib/navigation";
import { expect, test } from "./fixtures";
import type { Tab } from "./tab";

const main = 'nav[aria-label="Main"]';
const mobile = 'nav[aria-label="Mobile"]';

/** Whether the expanded header dropdown is the one labelled `label` (null: none is expanded). */
function expandedIs(label: string | null) {
  const expanded = document.querySelector('nav[aria-label="Main"] button[aria-expanded="true"]');
  return (expanded?.textContent?.trim() ?? null) === label;
}

/** The dropdown panel a header button controls, and whether it is open. */
function panelOf(label: string) {
  const button = Array.from(document.querySelectorAll('nav[aria-label="Main"] button')).find(
    (b) => b.textContent?.trim() === label,
  );
  const panel = document.getElementById(button?.getAttribute("aria-controls") ?? "");
  if (!button || !panel) return null;
  return {
    open: !panel.hidden && button.getAttribute("aria-expanded") === "true",
    width: panel.getBoundingClientRect().width,
    items: Array.from(panel.querySelectorAll("a")).map((a) => a.querySelector("span")?.textContent?.trim()),
  };
}

test.describe("desktop, 1280 px", () => {
  test.beforeEach(async ({ tab }) => {
    await tab.setViewport(1280, 800);
  });

  test("links, the active link, and Request a Quote", async ({ tab }) => {
    await tab.open("/about");
    const links = await tab.run(
      (css) => Array.from(document.querySelectorAll(`${css} a`)).map((a) => a.textContent?.trim()),
      main,
    );
    const expected: string[] = [headerLinks.home, ...headerLinks.rest].map((l) => l.label);
    expect(links.filter((l) => expected.includes(l ?? ""))).toEqual(expected);
    const current = await tab.run(
      (css) => document.querySelector(`${css} a[aria-current="page"]`)?.textContent?.trim(),
      main,
    );
    expect(current).toBe("About");

    await tab.click({ css: "header a", name: quoteLink.label });
    await tab.waitFor((path) => location.pathname === path, [quoteLink.href], { message: "/quote" });
  });

  test("Services opens on hover and closes about 200 ms after the pointer leaves", async ({ tab }) => {
    await tab.open("/");
    await tab.run(() => {
      const button = Array.from(document.querySelectorAll('nav[aria-label="Main"] button')).find(
        (b) => b.textContent?.trim() === "Services",
      )!;
      const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
      const times: { left?: number; closed?: number } = {};
      (window as unknown as { __dropdownTimes: typeof times }).__dropdownTimes = times;
      button.closest("li")!.addEventListener("pointerleave", () => (times.left ??= performance.now()));
      new MutationObserver(() => {
        if (panel.hidden && times.left !== undefined) times.closed ??= performance.now();
      }).observe(panel, { attributes: true, attributeFilter: ["hidden"] });
    });

    await tab.hover({ css: `${main} button`, name: "Services" });
    await tab.waitFor(expandedIs, ["Services"], { message: "Services open" });
    expect(await tab.run(panelOf, "Services")).toMatchObject({
      open: true,
      width: 350,
      items: servicesMenu.map((i) => i.label),
    });

    await tab.mouseMove(640, 600);
    const times = await tab.waitFor(
      () => {
        const t = (window as unknown as { __dropdownTimes: { left?: number; closed?: number } })
          .__dropdownTimes;
        return t.closed !== undefined && t;
      },
      [],
      { message: "Services closed" },
    );
    const delay = times.closed! - times.left!;
    expect(delay, "ms from the pointer leaving to the panel closing").toBeGreaterThanOrEqual(190);
    expect(delay).toBeLessThan(700);
  });

  test("Products opens on click with eight products in 600 px; one dropdown at a time", async ({ tab }) => {
    await tab.open("/contact");
    await tab.click({ css: `${main} button`, name: "Products" });
    await tab.waitFor(expandedIs, ["Products"], { message: "Products open" });
    const products = await tab.run(panelOf, "Products");
    expect(products).toMatchObject({ open: true, width: 600, items: productsMenu.map((p) => p.label) });

    await tab.hover({ css: `${main} button`, name: "Services" });
    await tab.waitFor(expandedIs, ["Services"], { message: "Services open" });
    expect((await tab.run(panelOf, "Products"))?.open).toBe(false);
    expect((await tab.run(panelOf, "Services"))?.open).toBe(true);

    await tab.press("Escape");
    await tab.waitFor(expandedIs, [null], { message: "no dropdown open" });
  });

  test("turns solid after 20 px of scroll; Services and Products light up on their pages", async ({
    tab,
  }) => {
    await tab.open("/services/internet-services");
    const solid = () => document.querySelector("header")?.dataset.solid;
    expect(await tab.run(solid)).toBe("false");
    await tab.run(() => window.scrollTo({ top: 21, behavior: "instant" }));
    await tab.waitFor((s) => document.querySelector("header")?.dataset.solid === s, ["true"]);
    await tab.run(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await tab.waitFor((s) => document.querySelector("header")?.dataset.solid === s, ["false"]);

    const active = () =>
      Array.from(document.querySelectorAll('nav[aria-label="Main"] button[data-active="true"]')).map((b) =>
        b.textContent?.trim(),
      );
    expect(await tab.run(active)).toEqual(["Services"]);
    await tab.open("/products/pos");
    expect(await tab.run(active)).toEqual(["Products"]);
  });
});

/** Every item of the open mobile menu, in order (spec: Home, Services, Packages, Products, ...). */
const menuItems = (productsOpen: boolean) => [
  headerLinks.home.label,
  "Services",
  "Packages",
  "Products",
  ...(productsOpen ? productsMenu.filter((p) => p.inMobileMenu).map((p) => p.label) : []),
  ...headerLinks.rest.map((l) => l.label),
  quoteLink.label,
];

async function openMenuWithBanner(tab: Tab, width: number, height: number, productsOpen: boolean) {
  await tab.setViewport(width, height);
  await tab.open("/about");
  await tab.waitUntilShown("[data-cookie-banner]");
  await tab.click({ css: "header button", name: "Open menu" });
  await tab.waitUntilShown(mobile);
  if (productsOpen) {
    await tab.click({ css: `${mobile} button`, name: "Products" });
    await tab.waitUntilShown(`${mobile} ul ul`);
  }
}

for (const [width, height] of [
  [375, 667],
  [375, 812],
] as const) {
  for (const productsOpen of [false, true]) {
    test(`mobile menu at ${width}x${height}, Products ${productsOpen ? "expanded" : "collapsed"}: every item can be tapped with the cookie banner showing`, async ({
      tab,
    }) => {
      await openMenuWithBanner(tab, width, height, productsOpen);
      const shown = await tab.run(
        (css) =>
          Array.from(document.querySelectorAll(`${css} a, ${css} button`))
            .filter((el) => el.getClientRects().length > 0)
            .map((el) => el.textContent?.trim()),
        mobile,
      );
      expect(shown).toEqual(menuItems(productsOpen));

      const unreachable: string[] = [];
      for (const name of menuItems(productsOpen)) {
        const reach = await tab.reach({ css: `${mobile} a, ${mobile} button`, name });
        if (!reach.hit) unreachable.push(`${name}: covered by ${reach.hitBy}`);
      }
      expect(unreachable).toEqual([]);

      // The last item, tapped: it navigates, closes the menu, and the banner is still there to answer.
      await tab.click({ css: `${mobile} a`, name: quoteLink.label });
      await tab.waitFor((path) => location.pathname === path, [quoteLink.href], { message: "/quote" });
      await tab.waitUntilShown(mobile, false);
      expect(await tab.shown("[data-cookie-banner]")).toBe(true);
    });
  }
}
