// Publishing through the desk's API: a git commit of content/ authored by the member, an audit row, a
// build in the background into a new folder, and `live` switched only once the build is whole. The
// site build here is a small fixture (publishing-helpers.ts); the browser test publishes with the real one.
import type { ContentState } from "@site/content/desk-api";
import { existsSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentCheckout, fixtureBuilder, git } from "../../test/publishing-helpers";
import { DESK_URL, useDesk } from "../../test/desk-helpers";
import { BACKENDS } from "../../test/helpers";

describe.each(BACKENDS)("publishing content ($backend)", ({ backend, skip }) => {
  const d = useDesk(backend);
  let checkout: ReturnType<typeof contentCheckout>;
  beforeEach(() => {
    checkout = contentCheckout();
  });
  afterEach(() => checkout.cleanup());

  const jobsFile = () => path.join(checkout.contentDir, "jobs.yaml");
  const editJobs = (change: (text: string) => string) =>
    writeFileSync(jobsFile(), change(readFileSync(jobsFile(), "utf8")));
  const rename = (from: string, to: string) => editJobs((t) => t.replace(`title: ${from}`, `title: ${to}`));
  const liveRelease = () => readlinkSync(path.join(checkout.releasesDir, "live"));
  const livePage = (file: string) =>
    readFileSync(path.join(checkout.releasesDir, "live", "client", file), "utf8");

  async function signedInDesk(builder = fixtureBuilder(), env: Record<string, string> = {}) {
    const app = await d.desk({ ...checkout.env, ...env }, { siteBuilder: builder });
    const { cookie, staff } = await d.signIn("rae@example.com", "Rae Writer");
    const headers = { cookie, origin: DESK_URL, "content-type": "application/json" };
    const state = async () =>
      (await app.inject({ url: "/api/content", headers: { cookie } })).json() as ContentState;
    const publish = () => app.inject({ method: "POST", url: "/api/content/publish", headers, payload: "{}" });
    const restore = (commit: string) =>
      app.inject({ method: "POST", url: "/api/content/restore", headers, payload: { commit } });
    /** Waits (up to 15 s) until the state satisfies `done`. */
    async function until(done: (s: ContentState) => boolean): Promise<ContentState> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const s = await state();
        if (done(s)) return s;
        if (Date.now() > deadline)
          throw new Error(`state never came: ${JSON.stringify(s, null, 1).slice(0, 2000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    return { app, staff, state, publish, restore, until, builder };
  }

  it.skipIf(skip)(
    "commits content/ only, as the member, says what changed, audits it, builds and goes live",
    async () => {
      const desk = await signedInDesk();
      rename("Software Engineer Intern", "Graduate Software Engineer");
      writeFileSync(path.join(checkout.root, "README.md"), "A developer's unfinished edit.\n");
      expect((await desk.state()).changes).toEqual([{ file: "jobs.yaml", label: "Jobs", change: "changed" }]);

      const res = await desk.publish();
      expect(res.statusCode).toBe(202);
      const { publish } = res.json() as { publish: { id: string; commit: string; status: string } };
      expect(publish.status).toBe("queued");

      const s = await desk.until((x) => x.live?.id === publish.id);
      expect(s.changes).toEqual([]);
      expect(s.live).toMatchObject({
        author: { name: "Rae Writer", email: "rae@example.com" },
        kind: "publish",
        files: ["jobs.yaml"],
      });
      expect(s.live?.buildFinishedAt).not.toBeNull();

      expect(git(checkout.root, "log", "-1", "--format=%an <%ae>|%H")).toBe(
        `Rae Writer <rae@example.com>|${publish.commit}\n`,
      );
      expect(git(checkout.root, "show", "--name-only", "--format=", "HEAD")).toBe("content/jobs.yaml\n");
      expect(git(checkout.root, "log", "-1", "--format=%B")).toContain(
        "- jobs.yaml: Openings › Software Engineer Intern › Title: “Software Engineer Intern” → “Graduate Software Engineer”",
      );
      expect(git(checkout.root, "status", "--porcelain")).toBe(" M README.md\n");

      const audit = await d.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "content.publish")
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_type: "staff", actor: desk.staff.id });
      expect(JSON.parse(audit[0]!.detail)).toEqual({ publish: publish.id, commit: publish.commit, files: 1 });

      expect(liveRelease()).toMatch(/^releases\//);
      expect(livePage("careers/index.html")).toContain("Graduate Software Engineer");
    },
  );

  it.skipIf(skip)("answers 409 when every saved change is published already", async () => {
    const desk = await signedInDesk();
    const res = await desk.publish();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "nothing_to_publish" });
    expect(git(checkout.root, "rev-list", "--count", "HEAD")).toBe("1\n");
  });

  it.skipIf(skip)("builds one at a time: publishes made during a build go into the next one", async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let first = true;
    const builder = fixtureBuilder({ gate: () => (first ? ((first = false), gate) : Promise.resolve()) });
    const desk = await signedInDesk(builder);
    rename("Software Engineer Intern", "One");
    const a = (await desk.publish()).json().publish;
    await desk.until((s) => s.building?.id === a.id);
    rename("One", "Two");
    const b = (await desk.publish()).json().publish;
    rename("Two", "Three");
    const c = (await desk.publish()).json().publish;
    const during = await desk.state();
    expect(during.building?.id).toBe(a.id);
    expect(during.queued.map((p) => p.id)).toEqual([c.id, b.id]);
    expect(existsSync(path.join(checkout.releasesDir, "live"))).toBe(false);

    open();
    const s = await desk.until((x) => x.live?.id === c.id);
    expect(builder.builds).toHaveLength(2);
    expect(s.history.map((p) => [p.id, p.status])).toEqual([
      [c.id, "live"],
      [b.id, "superseded"],
      [a.id, "replaced"],
    ]);
    expect(livePage("careers/index.html")).toContain(">Three<");
  });

  it.skipIf(skip)(
    "leaves the live site as it was when the content is invalid, naming the file and the field",
    async () => {
      const desk = await signedInDesk();
      rename("Software Engineer Intern", "Graduate Software Engineer");
      const good = (await desk.publish()).json().publish;
      await desk.until((s) => s.live?.id === good.id);
      const live = liveRelease();
      // Written by hand, past the editor's checks: a required field emptied.
      editJobs((t) => t.replace("title: Graduate Software Engineer", "title: ''"));
      const bad = (await desk.publish()).json().publish;
      const s = await desk.until((x) => x.failed?.id === bad.id);
      expect(s.live?.id).toBe(good.id);
      expect(s.failed?.error).toEqual({
        message: "The content has problems, so the site was not rebuilt.",
        issues: [
          {
            file: "jobs.yaml",
            path: ["openings", 0, "title"],
            field: "Openings › item 1 › Title",
            message: "Title is required",
          },
        ],
      });
      expect(liveRelease()).toBe(live);
      expect(livePage("careers/index.html")).toContain("Graduate Software Engineer");
    },
  );

  it.skipIf(skip)(
    "leaves the live site as it was when the build fails, with the build's last lines",
    async () => {
      const desk = await signedInDesk(
        fixtureBuilder({ fail: "x Build failed in 2.1s\nerror during build: something broke" }),
      );
      rename("Software Engineer Intern", "Never Live");
      const p = (await desk.publish()).json().publish;
      const s = await desk.until((x) => x.failed?.id === p.id);
      expect(s.failed?.error).toMatchObject({
        message: "The site build failed (exit code 1)",
        log: expect.stringContaining("something broke"),
      });
      expect(s.live).toBeNull();
      expect(existsSync(path.join(checkout.releasesDir, "live"))).toBe(false);
      expect(readdirSync(path.join(checkout.releasesDir, "releases"))).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "restores an earlier version as a new commit, built and made live the same way",
    async () => {
      const desk = await signedInDesk();
      rename("Software Engineer Intern", "Version One");
      const one = (await desk.publish()).json().publish;
      await desk.until((s) => s.live?.id === one.id);
      rename("Version One", "Version Two");
      const two = (await desk.publish()).json().publish;
      await desk.until((s) => s.live?.id === two.id);

      const res = await desk.restore(one.commit);
      expect(res.statusCode).toBe(202);
      const restore = res.json().publish;
      const s = await desk.until((x) => x.live?.id === restore.id);
      expect(s.live).toMatchObject({ kind: "restore", restoredFrom: one.commit });
      expect(readFileSync(jobsFile(), "utf8")).toContain("title: Version One");
      expect(git(checkout.root, "rev-parse", "HEAD").trim()).toBe(restore.commit);
      expect(git(checkout.root, "log", "-1", "--format=%an|%s")).toBe(
        `Rae Writer|Restore the content of ${one.commit.slice(0, 12)}\n`,
      );
      expect(livePage("careers/index.html")).toContain("Version One");
      const audit = await d.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "like", "content.%")
        .execute();
      expect(audit.map((a) => a.action).sort()).toEqual([
        "content.publish",
        "content.publish",
        "content.restore",
      ]);
    },
  );

  it.skipIf(skip)(
    "refuses to restore an unknown commit, the current version, or over unpublished changes",
    async () => {
      const desk = await signedInDesk();
      expect((await desk.restore("0123456789abcdef")).statusCode).toBe(404);
      const head = git(checkout.root, "rev-parse", "HEAD").trim();
      expect((await desk.restore(head)).json()).toMatchObject({ error: "already_current" });
      rename("Software Engineer Intern", "Unsaved Elsewhere");
      const first = (await desk.publish()).json().publish;
      await desk.until((s) => s.live?.id === first.id);
      rename("Unsaved Elsewhere", "Pending");
      const res = await desk.restore(head);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: "unpublished_changes" });
      expect((await desk.restore("not a commit")).statusCode).toBe(400);
    },
  );

  it.skipIf(skip)("pushes each publish to CONTENT_GIT_REMOTE", async () => {
    const remote = path.join(path.dirname(checkout.root), "remote.git");
    git(path.dirname(checkout.root), "init", "--quiet", "--bare", remote);
    const desk = await signedInDesk(fixtureBuilder(), { CONTENT_GIT_REMOTE: remote });
    rename("Software Engineer Intern", "Pushed");
    const p = (await desk.publish()).json().publish;
    await desk.until((s) => s.live?.id === p.id);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      try {
        if (git(remote, "rev-parse", "main").trim() === p.commit) break;
      } catch {
        // not pushed yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(git(remote, "rev-parse", "main").trim()).toBe(p.commit);
    expect((await desk.state()).live?.pushError).toBeNull();
  });

  it.skipIf(skip)(
    "keeps content/ in a repository of its own where the server runs from an unpacked release",
    async () => {
      rmSync(path.join(checkout.root, ".git"), { recursive: true, force: true });
      const desk = await signedInDesk();
      rename("Software Engineer Intern", "From A Release");
      const res = await desk.publish();
      expect(res.statusCode, res.body).toBe(202);
      const p = res.json().publish;
      await desk.until((s) => s.live?.id === p.id);
      expect(git(checkout.contentDir, "rev-parse", "--show-toplevel").trim()).toBe(checkout.contentDir);
      expect(git(checkout.contentDir, "log", "--format=%an|%s")).toBe(
        "Rae Writer|Publish jobs.yaml\nSite desk|Content as deployed\n",
      );
    },
  );
});
