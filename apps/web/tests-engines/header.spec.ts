/**
 * The fixed header (spec §2 "Header"): desktop links and dropdowns at 1280 px, the mobile menu at
 * phone sizes with a first-time visitor's cookie banner on screen. The checks that long-visit.spec.ts
 * also runs are in header-checks.ts.
 */
import { headerLinks, quoteLink } from "../app/lib/navigation";
import { expect, test } from "./fixtures";
import {
  followMobileLink,
  main,
  mobileMenuOverBanner,
  productsOnClick,
  servicesOnHover,
  solidPast20px,
} from "./header-checks";

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
    await servicesOnHover(tab);
  });

  test("Products opens on click with eight products in 600 px; one dropdown at a time", async ({ tab }) => {
    await productsOnClick(tab);
  });

  test("turns solid after 20 px of scroll; Services and Products light up on their pages", async ({
    tab,
  }) => {
    await tab.open("/services/internet-services");
    await solidPast20px(tab, [0, 21, 0]);
    const active = () =>
      Array.from(document.querySelectorAll('nav[aria-label="Main"] button[data-active="true"]')).map((b) =>
        b.textContent?.trim(),
      );
    expect(await tab.run(active)).toEqual(["Services"]);
    await tab.open("/products/pos");
    expect(await tab.run(active)).toEqual(["Products"]);
  });
});

for (const [width, height] of [
  [375, 667],
  [375, 812],
] as const) {
  for (const productsOpen of [false, true]) {
    test(`mobile menu at ${width}x${height}, Products ${productsOpen ? "expanded" : "collapsed"}: every item can be tapped with the cookie banner showing`, async ({
      tab,
    }) => {
      await mobileMenuOverBanner(tab, { path: "/about", width, height, productsOpen });
      // The last item, tapped: it loads the page, whose menu is closed, and the banner is there to answer.
      await followMobileLink(tab, quoteLink);
      await tab.waitUntilShown("[data-cookie-banner]");
    });
  }
}
