/**
 * The consultation page tells its days and times in the visitor's zone, and (where the browser has
 * Temporal, as Chromium does) without making an Intl.DateTimeFormat while it loads: the first one a
 * page makes loads the locale data, which was the page's longest task (lib/zone-format.ts). The labels
 * are checked against Intl in the test's own Node.
 */
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/chrome";
import { consultingMember } from "./support/consultations";

test.use({ timezoneId: "Asia/Colombo" });

test.beforeAll(async () => {
  await consultingMember();
});

test("the days and times are the visitor's, told without Intl.DateTimeFormat", async ({ page }) => {
  await page.addInitScript(() => {
    const page = window as unknown as { dateTimeFormatsMade: number };
    page.dateTimeFormatsMade = 0;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        page.dateTimeFormatsMade++;
        return new target(...args);
      },
      apply: (target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        page.dateTimeFormatsMade++;
        return target(...args);
      },
    });
  });
  await page.goto("/consultation");
  await waitForHydration(page);
  await expect(page.locator("[data-zone]")).toHaveAttribute("data-zone", "Asia/Colombo");
  await expect(page.locator("[data-slot]").first()).toBeVisible();

  const dayLabel = new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
  });
  const days = await page
    .locator("[data-day]")
    .evaluateAll((labels) =>
      labels.map((l) => [l.getAttribute("data-day")!, l.querySelector("span")!.textContent] as const),
    );
  expect(days.length).toBeGreaterThan(4);
  for (const [date, label] of days) expect(label).toBe(dayLabel.format(new Date(`${date}T12:00:00Z`)));

  const made = await page.evaluate(
    () => (window as unknown as { dateTimeFormatsMade: number }).dateTimeFormatsMade,
  );
  expect(made, "Intl.DateTimeFormat objects made while the page loaded").toBe(0);

  // The first day with a free slot may be today, with few left after the notice period (late in
  // Colombo's day only one or two): the times are read on the last day offered, a whole one.
  const lastDay = page.locator("[data-day]").last();
  await lastDay.click();
  await expect(lastDay.locator("input")).toBeChecked();

  const colombo = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Colombo",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const times = await page
    .locator("[data-slot]")
    .evaluateAll((labels) =>
      labels.map((l) => [l.getAttribute("data-slot")!, l.textContent!.trim()] as const),
    );
  expect(times.length).toBeGreaterThan(4);
  for (const [start, label] of times) expect(label).toBe(colombo.format(new Date(start)));
});
