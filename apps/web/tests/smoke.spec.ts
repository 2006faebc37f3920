import { expect, test } from "@playwright/test";

test("about page is prerendered HTML", async ({ request }) => {
  const res = await request.get("/about");
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain("About");
});
