// A member's name stored before the invite's rules (issue 33, item 7), one git cannot take as an
// author or one holding < or >: Publish and Restore answer 422 in words, and nothing is committed.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DESK_SESSION_COOKIE } from "@site/contracts/desk";
import { SessionStore } from "../records/staff/session-store";
import { contentCheckout, fixtureBuilder, git } from "../../test/publishing-helpers";
import { DESK_URL, useDesk } from "../../test/desk-helpers";

describe("publishing as a member whose stored name git cannot take", () => {
  const d = useDesk("sqlite");
  let checkout: ReturnType<typeof contentCheckout>;
  beforeEach(() => {
    checkout = contentCheckout();
  });
  afterEach(() => checkout.cleanup());

  for (const name of [".", "Eve <eve@evil.example>"]) {
    it(`refuses a publish and a restore by ${JSON.stringify(name)} in words, committing nothing`, async () => {
      const app = await d.desk(checkout.env, { siteBuilder: fixtureBuilder() });
      const id = "01990000-0000-7000-8000-0000000000aa";
      await d.db
        .insertInto("staff")
        .values({
          id,
          email: "old@example.com",
          name,
          created_at: d.clock.now().toISOString(),
          removed_at: null,
        })
        .execute();
      const { token } = await new SessionStore(d.db, d.clock).create(id);
      const headers = {
        cookie: `${DESK_SESSION_COOKIE}=${token}`,
        origin: DESK_URL,
        "content-type": "application/json",
      };
      const jobs = path.join(checkout.contentDir, "jobs.yaml");
      writeFileSync(
        jobs,
        readFileSync(jobs, "utf8").replace("title: Software Engineer Intern", "title: Intern"),
      );
      const head = git(checkout.root, "rev-parse", "HEAD");

      const res = await app.inject({ method: "POST", url: "/api/content/publish", headers, payload: "{}" });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: "author_name_refused",
        message: expect.stringMatching(
          /^Not published: your name in the desk, .*, cannot be a commit's author \(a name .*\) Ask for a new invitation with another name: npm run leads -- staff invite old@example.com --name "Your Name"\.$/,
        ),
      });
      const restore = await app.inject({
        method: "POST",
        url: "/api/content/restore",
        headers,
        payload: { commit: head.trim() },
      });
      expect(restore.statusCode).toBe(422);
      expect(git(checkout.root, "rev-parse", "HEAD")).toBe(head);
      expect(await d.db.selectFrom("content_publishes").selectAll().execute()).toEqual([]);
    });
  }
});
