/**
 * The fixed header's checks (spec §2 "Header"), each a function of a tab, written once:
 * header.spec.ts runs each in a fresh visitor's tab, long-visit.spec.ts runs them in one tab.
 */
import { headerLinks, productsMenu, quoteLink, servicesMenu } from "../app/lib/navigation";
import { expect } from "./fixtures";
import type { Tab } from "./tab";

export const main = 'nav[aria-label="Main"]';
export const mobile = 'nav[aria-label="Mobile"]';

/** Runs in the page: whether the expanded header dropdown is the one labelled `label` (null: none is). */
export function expandedIs(label: string | null) {
  const expanded = document.querySelector('nav[aria-label="Main"] button[aria-expanded="true"]');
  return (expanded?.textContent?.trim() ?? null) === label;
}

/** Runs in the page: the dropdown panel a header button controls, and whether it is open. */
export function panelOf(label: string) {
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

/** On the page shown, scrolled to each of `ys`: the header is solid past 20 px, transparent above. */
export async function solidPast20px(tab: Tab, ys: readonly number[]) {
  for (const y of ys) {
    await tab.run((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await tab.waitFor(
      (solid) => document.querySelector("header")?.dataset.solid === solid,
      [String(y > 20)],
      {
        message: `the header ${y > 20 ? "solid" : "transparent"} at ${y} px`,
      },
    );
  }
}

/** On /, Services opens on hover and closes about 200 ms (real time) after the pointer leaves. */
export async function servicesOnHover(tab: Tab) {
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
}

/** On /contact, Products opens on click (eight products, 600 px); one dropdown at a time; Escape. */
export async function productsOnClick(tab: Tab) {
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
}

/** Every item of the open mobile menu, in order (spec: Home, Services, Packages, Products, ...). */
export const menuItems = (productsOpen: boolean) => [
  headerLinks.home.label,
  "Services",
  "Packages",
  "Products",
  ...(productsOpen ? productsMenu.filter((p) => p.inMobileMenu).map((p) => p.label) : []),
  ...headerLinks.rest.map((l) => l.label),
  quoteLink.label,
];

/** Opens the mobile menu on the page shown (and its Products list when `productsOpen`). */
export async function openMobileMenu(tab: Tab, productsOpen = false) {
  await tab.click({ css: "header button", name: "Open menu" });
  await tab.waitUntilShown(mobile);
  if (productsOpen) {
    await tab.click({ css: `${mobile} button`, name: "Products" });
    await tab.waitUntilShown(`${mobile} ul ul`);
  }
}

/**
 * A first-time visitor on `path` at `width` × `height` opens the mobile menu over the cookie banner:
 * every item is shown, in order, and a tap can reach each one.
 */
export async function mobileMenuOverBanner(
  tab: Tab,
  {
    path,
    width,
    height,
    productsOpen,
  }: { path: string; width: number; height: number; productsOpen: boolean },
) {
  await tab.setViewport(width, height);
  await tab.open(path);
  await tab.waitUntilShown("[data-cookie-banner]");
  await openMobileMenu(tab, productsOpen);
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
}

/** Taps the open mobile menu's link `label`: the page at `href` is shown and the menu closes. */
export async function followMobileLink(tab: Tab, { label, href }: { label: string; href: string }) {
  await tab.click({ css: `${mobile} a`, name: label });
  await tab.waitFor((path) => location.pathname === path, [href], { message: href });
  await tab.waitUntilShown(mobile, false);
}
