// Inviting a member (issue 33, item 7): a name git could not take as an author, or one holding < or >,
// is refused in words by `staff invite` and nothing is stored; a second invitation to one address
// ends the first link, which the enrolment page then refuses in words.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DESK_URL, useDesk } from "../../../test/desk-helpers";
import { childEnv, serverDir } from "../../../test/helpers";
import { inviteStaff, StaffError } from "./staff-store";

const cliActor = { actorType: "cli", actor: "test" } as const;

describe("inviting a member", () => {
  const d = useDesk("sqlite");

  it("refuses a name with < or >, of only dots or spaces, or with a control character, and stores nothing", async () => {
    for (const name of ["Eve <eve@evil.example>", "Sam>", ".", " . ", "..", "Sam\nBob", "\u0007"]) {
      await expect(
        inviteStaff(d.db, { email: "eve@example.com", name }, d.clock.now(), cliActor),
        JSON.stringify(name),
      ).rejects.toThrow(StaffError);
    }
    expect(await d.db.selectFrom("staff").selectAll().execute()).toEqual([]);
    expect(await d.db.selectFrom("enrolments").selectAll().execute()).toEqual([]);
    expect(await d.db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("`staff invite` says why, exits 2 and stores nothing", async () => {
    const r = spawnSync(
      process.execPath,
      [
        path.join(serverDir, "dist", "cli", "leads.js"),
        "staff",
        "invite",
        "eve@example.com",
        "--name",
        "Eve <eve@evil.example>",
      ],
      { env: childEnv({ DATABASE_URL: d.url }), encoding: "utf8" },
    );
    expect(r.stderr).toContain(
      'not a name for a member: "Eve <eve@evil.example>": a name cannot hold < or >.',
    );
    expect(r.status).toBe(2);
    expect(r.stdout).not.toContain("enrol#token=");
    expect(await d.db.selectFrom("staff").selectAll().execute()).toEqual([]);
  });

  it("a second invitation to one address ends the first link, which then refuses in words", async () => {
    const first = await inviteStaff(d.db, { email: "Rae@example.com", name: "Rae" }, d.clock.now(), cliActor);
    d.clock.advance(60_000);
    const second = await inviteStaff(d.db, { email: "rae@example.com" }, d.clock.now(), cliActor);
    expect(second.staff).toEqual(first.staff);
    const app = await d.desk();
    const options = (token: string) =>
      app.inject({
        method: "POST",
        url: "/api/enrol/options",
        headers: { origin: DESK_URL, "content-type": "application/json" },
        payload: { token },
      });
    const old = await options(first.token);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({
      error: "enrolment_link_invalid",
      message:
        "This enrolment link is not valid: it was used already, has expired or was replaced. Ask for a new invitation.",
    });
    expect((await options(second.token)).statusCode).toBe(200);
  });
});
