import { describe, expect, it } from "vitest";
import { ISLANDS_WAITING, PAGE_STARTED_AT } from "../app/components/island-attributes";
import { COOKIES_ACCEPTED_KEY } from "../app/lib/cookie-consent";
import { BOOT_AT_THE_LATEST_MS, IMPORT_FAILURE_GRACE_MS } from "./boot-after-paint";
import { STARTED_AT, runScript } from "./test-fixture/boot-script-page";

// The script that runs React Router's boot after the first paint, on a page whose browser parts are
// faked (test-fixture/boot-script-page.ts).
const bootedOnce = ["copy of React Router's module script"];

describe("the script that boots a page after its first paint", () => {
  it("puts React Router's module script in place once the page has painted, and only once", () => {
    const page = runScript();
    expect(page.booted).toEqual([]);
    page.paint();
    expect(page.booted).toEqual(bootedOnce);
    page.dispatch("visibilitychange");
    page.fire(BOOT_AT_THE_LATEST_MS);
    expect(page.booted).toEqual(bootedOnce);
  });

  it("boots at once in a hidden page, which does not paint", () => {
    expect(runScript({ visibilityState: "hidden" }).booted).toEqual(bootedOnce);
  });

  it("boots at once in a browser without paint timing", () => {
    expect(runScript({ paintTiming: false }).booted).toEqual(bootedOnce);
  });

  it("reads no storage and listens for nothing on a page that is not on demand", () => {
    const page = runScript();
    page.paint();
    expect(page.storageReads).toEqual([]);
    expect(page.early()).toBeUndefined();
  });

  it("keeps the time it started, the clock of islands due some time after the load", () => {
    expect(runScript().window[PAGE_STARTED_AT]).toBe(STARTED_AT);
  });

  describe("on a content page whose loader starts when needed", () => {
    const waiting = { [ISLANDS_WAITING[0]]: ISLANDS_WAITING[1] };

    it("boots when an island is due, counting from the script's start (the offer popup's code)", () => {
      const page = runScript({ onDemand: true, wakes: ["8000"] });
      page.later(600);
      page.paint();
      expect(page.marks).toEqual(waiting);
      expect(page.booted).toEqual([]);
      page.fire(7400);
      expect(page.booted).toEqual(bootedOnce);
    });

    it("boots when an island nears the viewport (the carousel), watching the island's content", () => {
      const page = runScript({ onDemand: true, wakes: ["near"] });
      expect(page.watched).toEqual([]);
      page.paint();
      expect(page.watched.map((w) => w.content)).toEqual(["content 0"]);
      expect(page.booted).toEqual([]);
      page.watched[0]!.near();
      expect(page.booted).toEqual(bootedOnce);
      expect(page.watched[0]!.disconnected).toBe(true);
    });

    it("boots once, whichever comes first: a use, an island near, an island due", () => {
      const page = runScript({ onDemand: true, wakes: ["near", "8000"] });
      page.paint();
      page.dispatch("keydown", { type: "keydown" });
      page.watched[0]!.near();
      page.fire(8000);
      expect(page.booted).toEqual(bootedOnce);
    });

    it("watches nothing and sets no timer for a visitor it boots at the paint", () => {
      const page = runScript({ onDemand: true, accepted: true, wakes: ["near", "8000"] });
      page.paint();
      expect(page.booted).toEqual(bootedOnce);
      expect(page.watched).toEqual([]);
      expect(page.timerDelays()).toEqual([BOOT_AT_THE_LATEST_MS]);
    });

    it("waits after the paint for a new visitor's first use, then boots once, keeping the events", () => {
      const page = runScript({ onDemand: true });
      page.paint();
      expect(page.storageReads).toEqual([COOKIES_ACCEPTED_KEY]);
      expect(page.booted).toEqual([]);
      expect(page.marks).toEqual(waiting);
      const over = { type: "pointerover" };
      const click = { type: "click" };
      // A pointer over the page is kept but starts nothing (Chromium sends one to what lies under a
      // resting mouse); after the paint a move does, and is not kept.
      page.dispatch("pointerover", over);
      expect(page.booted).toEqual([]);
      page.dispatch("pointermove", { type: "pointermove", movementX: 0, movementY: 0 });
      expect(page.booted).toEqual(bootedOnce);
      page.dispatch("click", click);
      expect(page.booted).toEqual(bootedOnce);
      expect(page.early()).toEqual([over, click]);
      // The loader, once its own listeners are on, stops the page's.
      page.stopEarly();
      page.dispatch("keydown", { type: "keydown" });
      expect(page.early()).toEqual([over, click]);
    });

    it("does not count the move of 0 px Chromium sends a resting mouse as the page is first laid out", () => {
      const page = runScript({ onDemand: true });
      page.dispatch("pointerover", { type: "pointerover" });
      page.dispatch("pointermove", { type: "pointermove", movementX: 0, movementY: 0 });
      page.paint();
      expect(page.booted).toEqual([]);
      const moved = runScript({ onDemand: true });
      moved.dispatch("pointermove", { type: "pointermove", movementX: 4, movementY: 1 });
      moved.paint();
      expect(moved.booted).toEqual(bootedOnce);
    });

    it("boots at the paint for a visitor who accepted cookies (their speed is measured)", () => {
      const page = runScript({ onDemand: true, accepted: true });
      page.paint();
      expect(page.booted).toEqual(bootedOnce);
      expect(page.marks).toEqual({});
    });

    it("boots at the paint when the page was used before it painted (opened scrolled to a #fragment)", () => {
      const page = runScript({ onDemand: true });
      page.dispatch("scroll", { type: "scroll" });
      expect(page.booted).toEqual([]);
      page.paint();
      expect(page.booted).toEqual(bootedOnce);
    });

    it("listens for the first use: a pointer moving or pressed, touch, focus, key, click and scroll", () => {
      const page = runScript({ onDemand: true });
      page.paint();
      for (const type of [
        "pointermove",
        "pointerdown",
        "touchstart",
        "focusin",
        "keydown",
        "click",
        "scroll",
      ]) {
        const other = runScript({ onDemand: true });
        other.paint();
        other.dispatch(type, { type, movementX: 2, movementY: 0 });
        expect(other.booted, type).toEqual(bootedOnce);
      }
      expect(page.booted).toEqual([]);
    });
  });

  it("boots when the page is hidden before it paints, or after 3 s without a paint", () => {
    const hidden = runScript();
    hidden.dispatch("visibilitychange");
    expect(hidden.booted).toEqual(bootedOnce);
    const silent = runScript();
    silent.fire(BOOT_AT_THE_LATEST_MS);
    expect(silent.booted).toEqual(bootedOnce);
  });

  describe("a failed import()", () => {
    const failure = (message: string) => {
      const event = { reason: new TypeError(message), defaultPrevented: false, preventDefault: () => {} };
      event.preventDefault = () => (event.defaultPrevented = true);
      return event;
    };
    const messages = [
      "Failed to fetch dynamically imported module: http://x/assets/a.js",
      "error loading dynamically imported module: http://x/assets/a.js",
      "Importing a module script failed.",
    ];

    it.each(messages)("is reported a second later on a page the visitor stays on (%s)", (message) => {
      const page = runScript();
      const event = failure(message);
      page.dispatch("unhandledrejection", event);
      expect(event.defaultPrevented).toBe(true);
      expect(page.reported).toEqual([]);
      page.fire(IMPORT_FAILURE_GRACE_MS);
      expect(page.reported).toEqual([event.reason]);
    });

    it("is not reported when the page is being left: that is the visitor's navigation", () => {
      const page = runScript();
      page.dispatch("unhandledrejection", failure(messages[0]!));
      page.dispatch("pagehide");
      page.fire(IMPORT_FAILURE_GRACE_MS);
      expect(page.reported).toEqual([]);
    });

    it("of the client entry, caught by React Router's boot, is reported unless the page is being left", () => {
      const stays = runScript();
      const error = new TypeError(messages[1]);
      stays.bootFailed(error);
      expect(stays.reported).toEqual([]);
      stays.fire(IMPORT_FAILURE_GRACE_MS);
      expect(stays.reported).toEqual([error]);
      const left = runScript();
      left.bootFailed(error);
      left.dispatch("pagehide");
      left.fire(IMPORT_FAILURE_GRACE_MS);
      expect(left.reported).toEqual([]);
    });

    it("leaves every other rejection to the browser", () => {
      const page = runScript();
      const event = failure("x is not a function");
      page.dispatch("unhandledrejection", event);
      page.dispatch("unhandledrejection", { reason: undefined, preventDefault: () => expect.fail() });
      expect(event.defaultPrevented).toBe(false);
    });
  });
});
