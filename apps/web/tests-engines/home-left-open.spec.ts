/**
 * A visitor who leaves the home page open until the offer popup shows (spec: 10 s after the page
 * loads). Meanwhile the page hydrates, the 'Why choose' carousel turns every 3 s, and the dialog's
 * chunk loads 2 s before it opens. WebKit froze a page during this wait with the old paint-first boot
 * (issue 28). The wait is real time, not the fake clock of widgets.spec.ts: what froze was the
 * engine's own work (a timer of WebCore's run loop) over those seconds, which a fake clock would skip.
 * Runs RUNS times in Firefox and WebKit, once in Chromium; a page that stops answering for
 * FROZEN_AFTER_MS (20 s) fails the run.
 */
import { OFFER_DELAY_MS } from "../app/lib/offer-delay";
import { expect, test } from "./fixtures";
import { FROZEN_AFTER_MS } from "./tab";

const RUNS = 5;
const OPEN_FOR_MS = 15_000;
const offer = "dialog[open]";

// A freeze in some runs only is the defect itself: a retry that passes must not hide it.
test.describe.configure({ retries: 0 });

for (let run = 1; run <= RUNS; run++) {
  test(`the home page left open ${OPEN_FOR_MS / 1000} s shows the offer popup and keeps answering (run ${run} of ${RUNS})`, async ({
    tab,
    engineName,
  }) => {
    test.skip(engineName === "chromium" && run > 1, "Chromium never froze here: one run keeps it covered");
    test.setTimeout(OPEN_FOR_MS + 3 * FROZEN_AFTER_MS);
    await tab.setViewport(375, 812);
    await tab.goto("/");
    const loadedAt = Date.now();
    // Looked at twice a second, as a visitor would keep looking at it: every look must be answered
    // (within FROZEN_AFTER_MS, Tab.run), and the popup must have opened by the end.
    let openedAt: number | undefined;
    while (Date.now() - loadedAt < OPEN_FOR_MS) {
      if (openedAt === undefined && (await tab.shown(offer))) openedAt = Date.now() - loadedAt;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(openedAt, `the offer popup open within ${OPEN_FOR_MS} ms of the load event`).toBeGreaterThan(
      OFFER_DELAY_MS / 2,
    );
    await tab.click({ css: `${offer} button`, name: "Close" });
    await tab.waitUntilShown(offer, false);
  });
}
