import { matchRoutes } from "react-router";
import { SITE_ROUTE_PATTERNS } from "@site/contracts/vitals";
import type { Metric } from "web-vitals";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prerenderPaths } from "~/lib/site-paths";
import { COOKIES_ACCEPTED_KEY } from "./cookie-consent";

// The browser's performance observers are the world's edge: the test reports the metrics itself.
const observers = new Map<string, (m: Metric) => void>();
vi.mock("web-vitals", () => {
  const on = (name: string) => (cb: (m: Metric) => void) => void observers.set(name, cb);
  return { onCLS: on("CLS"), onFCP: on("FCP"), onINP: on("INP"), onLCP: on("LCP"), onTTFB: on("TTFB") };
});

const { deviceClass, routePattern, startVitals } = await import("./vitals-beacon");

const report = (name: Metric["name"], value: number, extra: Partial<Metric> = {}) =>
  observers.get(name)!({
    name,
    value,
    rating: "good",
    delta: value,
    id: "v5-1",
    entries: [],
    navigationType: "navigate",
    ...extra,
  } as Metric);

let visibility: DocumentVisibilityState = "visible";
function hide() {
  visibility = "hidden";
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true })); // as browsers fire it
}
function show() {
  visibility = "visible";
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true })); // as browsers fire it
}

const sent: { url: string; body: unknown }[] = [];
const send = (url: string, body: string) => void sent.push({ url, body: JSON.parse(body) });
let stop: (() => void) | undefined;
const start = (opts: Partial<Parameters<typeof startVitals>[0]> = {}) =>
  (stop = startVitals({ landingPath: "/services/internet-services", send, ...opts }));

beforeEach(() => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  visibility = "visible";
  localStorage.setItem(COOKIES_ACCEPTED_KEY, "true");
  vi.stubGlobal("innerWidth", 1280);
  vi.spyOn(console, "debug").mockImplementation(() => {}); // the development log (DEV in Vitest)
});
afterEach(() => {
  stop?.();
  sent.length = 0;
  observers.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the speed beacon", () => {
  it("sends the page view's metrics once, when the page is first hidden, to the contact service", () => {
    start();
    report("TTFB", 120.5);
    report("FCP", 800);
    expect(sent).toEqual([]);
    report("LCP", 1900);
    report("CLS", 0.3, { rating: "poor" });
    report("INP", 250, { rating: "needs-improvement" });
    hide();
    expect(sent).toEqual([
      {
        url: "http://localhost:8081/vitals",
        body: {
          route: "/services/:serviceType",
          navigationType: "navigate",
          device: "desktop",
          metrics: [
            { name: "TTFB", value: 120.5, rating: "good" },
            { name: "FCP", value: 800, rating: "good" },
            { name: "LCP", value: 1900, rating: "good" },
            { name: "CLS", value: 0.3, rating: "poor" },
            { name: "INP", value: 250, rating: "needs-improvement" },
          ],
        },
      },
    ]);
    // Coming back and leaving again, or a later change of a metric: the page view was sent.
    show();
    report("INP", 400, { rating: "needs-improvement" });
    hide();
    window.dispatchEvent(new Event("pagehide"));
    expect(sent).toHaveLength(1);
  });

  it("leaves the sending to the visibilitychange that follows pagehide (where web-vitals reports CLS)", () => {
    start({ landingPath: "/contact" });
    report("FCP", 640);
    window.dispatchEvent(new Event("pagehide")); // still visible: visibilitychange comes next
    expect(sent).toEqual([]);
    report("CLS", 0, { rating: "good" }); // web-vitals, on visibilitychange
    hide();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ route: "/contact", metrics: [{ name: "FCP" }, { name: "CLS" }] });
  });

  it("sends the INP of an interaction the page is left right after (weighed as it hides)", () => {
    start({ landingPath: "/" });
    report("FCP", 640);
    // web-vitals weighs an interaction's entries when the browser is next idle, or on the
    // visibilitychange to hidden through a window capture listener it adds then: after this one's.
    const weigh = () => report("INP", 184, { rating: "good" });
    addEventListener("visibilitychange", weigh, { capture: true, once: true });
    hide();
    expect(sent[0]!.body).toMatchObject({ metrics: [{ name: "FCP" }, { name: "INP", value: 184 }] });
  });

  it("sends on a pagehide of a page already hidden without visibilitychange (old Safari)", () => {
    start();
    report("FCP", 640);
    visibility = "hidden";
    window.dispatchEvent(new Event("pagehide"));
    expect(sent).toHaveLength(1);
  });

  it("carries no identifier, address or query string", () => {
    start({ landingPath: "/contact" });
    report("FCP", 640);
    hide();
    expect(Object.keys(sent[0]!.body as object).sort()).toEqual([
      "device",
      "metrics",
      "navigationType",
      "route",
    ]);
    expect(JSON.stringify(sent[0]!.body)).not.toMatch(/v5-1|localhost:3000|\?/);
  });

  it.each([
    ["declined (nothing stored)", null],
    ["any other stored value", "false"],
  ])("sends nothing when the visitor has %s", (_label, stored) => {
    localStorage.clear();
    if (stored !== null) localStorage.setItem(COOKIES_ACCEPTED_KEY, stored);
    start();
    report("FCP", 800);
    hide();
    window.dispatchEvent(new Event("pagehide"));
    expect(sent).toEqual([]);
  });

  it("sends a page view whose visitor accepts before leaving", () => {
    localStorage.clear();
    start();
    report("FCP", 800);
    localStorage.setItem(COOKIES_ACCEPTED_KEY, "true");
    hide();
    expect(sent).toHaveLength(1);
  });

  it("sends nothing without any metric, and waits for one", () => {
    start();
    hide();
    expect(sent).toEqual([]);
    show();
    report("FCP", 800);
    hide();
    expect(sent).toHaveLength(1);
  });

  it("measures the share of page views VITALS_SAMPLE_RATE gives", () => {
    for (const [rate, random, expected] of [
      [0, 0, 0],
      [0.5, 0.49, 1],
      [0.5, 0.5, 0],
      [1, 0.999, 1],
    ] as const) {
      start({ sampleRate: rate, random: () => random });
      report("FCP", 800);
      hide();
      expect(sent.length, `rate ${rate}, draw ${random}`).toBe(expected);
      stop!();
      sent.length = 0;
      visibility = "visible";
    }
  });

  it("counts a page restored from the back/forward cache as a new page view of its own route", () => {
    vi.stubGlobal("innerWidth", 375);
    start();
    report("FCP", 800);
    hide();
    window.history.replaceState(null, "", "/about?ref=x");
    window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
    visibility = "visible";
    report("FCP", 5, { navigationType: "back-forward-cache" });
    hide();
    expect(sent.map((s) => s.body)).toMatchObject([
      { route: "/services/:serviceType", device: "mobile", navigationType: "navigate" },
      { route: "/about", device: "mobile", navigationType: "back-forward-cache" },
    ]);
  });

  it("falls back to fetch with keepalive when sendBeacon is missing or refuses", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    const sendBeacon = vi.fn(() => false);
    vi.stubGlobal("navigator", { sendBeacon });
    startVitals({ landingPath: "/" });
    report("FCP", 800);
    hide();
    expect(sendBeacon).toHaveBeenCalledWith(
      "http://localhost:8081/vitals",
      expect.stringContaining('"route":"/"'),
    );
    expect(fetch).toHaveBeenCalledWith("http://localhost:8081/vitals", {
      method: "POST",
      body: expect.stringContaining('"FCP"'),
      keepalive: true,
      credentials: "omit",
    });
  });
});

describe("route pattern and device class", () => {
  it("maps every prerendered page to its route pattern, never to the address", () => {
    for (const path of prerenderPaths()) {
      expect(SITE_ROUTE_PATTERNS).toContain(routePattern(path));
    }
    expect(routePattern("/")).toBe("/");
    expect(routePattern("/services/cctv-&-surveillance-solutions")).toBe("/services/:serviceType");
    expect(routePattern("/services/no-such-service")).toBe("/services/:serviceType");
    expect(routePattern("/products/pos")).toBe("/products/:productId");
    expect(routePattern("/careers/software-engineer")).toBe("/careers/:jobSlug");
    expect(routePattern("/about/")).toBe("/about");
    expect(routePattern("/404")).toBe("/*");
    expect(routePattern("/a/b/c")).toBe("/*");
  });

  it("ranks the paths as React Router's matchRoutes ranks the route table", () => {
    const routes = SITE_ROUTE_PATTERNS.map((path) => ({ path }));
    const paths = [
      ...prerenderPaths(),
      ...SITE_ROUTE_PATTERNS.map((p) => p.replace(/:\w+/, "x")),
      "/About",
      "/services/",
      "/services/a/b",
      "/careers/x/",
      "/contact/more",
      "/products",
      "",
    ];
    for (const path of paths) {
      expect(routePattern(path), path).toBe(matchRoutes(routes, path)?.at(-1)?.route.path ?? "/*");
    }
  });

  it("calls a viewport up to 767 px mobile", () => {
    expect([deviceClass(320), deviceClass(767), deviceClass(768), deviceClass(1280)]).toEqual([
      "mobile",
      "mobile",
      "desktop",
      "desktop",
    ]);
  });
});
