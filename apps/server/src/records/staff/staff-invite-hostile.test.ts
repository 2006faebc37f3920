// Hostile input for inviting a member (issue 33, item 8's part): generated addresses and names (git's
// "crud", < >, controls, separators, long strings) through inviteStaff, as `staff invite` calls it.
// Every call either invites or throws StaffError in words (no other failure), and what is stored is
// only what the rules allow: a valid address, a name staffNameProblem accepts, one live link per member.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useDesk } from "../../../test/desk-helpers";
import { staffNameProblem } from "./staff-name";
import { inviteStaff, StaffError } from "./staff-store";

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);

const unit = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(..."abc XYZ.-'é李") },
  { weight: 2, arbitrary: fc.constantFrom(" ", ".", ",", ":", ";", '"', "\\", "<", ">", "@") },
  {
    weight: 1,
    arbitrary: fc.constantFrom("\n", "\r", "\t", "\u0000", "\u007f", "\u0085", "\u2028", "🦄", "\ud800"),
  },
);
const names = fc.oneof(
  fc.constant(undefined),
  fc.string({ unit, maxLength: 12 }),
  fc.string({ unit, minLength: 95, maxLength: 110 }),
);
const emails = fc.oneof(
  fc.constantFrom(
    "ann@example.com",
    "ANN@example.com ",
    "bob@example.com",
    "'@example.com",
    "a.b@example.com",
  ),
  fc.emailAddress(),
  fc.string({ unit, maxLength: 20 }),
);

describe("inviting under hostile input", () => {
  const d = useDesk("sqlite");

  it("invites or refuses in words, and stores only names and addresses the rules allow", async () => {
    let invited = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(emails, names, async (email, name) => {
        try {
          const r = await inviteStaff(d.db, { email, name }, d.clock.now(), {
            actorType: "cli",
            actor: "test",
          });
          expect(staffNameProblem(r.staff.name)).toBeUndefined();
          invited++;
        } catch (err) {
          if (!(err instanceof StaffError)) throw err;
          expect(err.message).toMatch(/^not (an e-mail address|a name for a member): /);
          refused++;
        }
        d.clock.advance(1000);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300), seed },
    );
    console.log(`invite, seed ${seed}: ${invited} invited, ${refused} refused`);
    expect(invited).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    const staff = await d.db.selectFrom("staff").selectAll().execute();
    for (const s of staff) {
      expect(staffNameProblem(s.name), s.name).toBeUndefined();
      expect(s.email).toBe(s.email.trim().toLowerCase());
    }
    // One live link per member: every earlier one ended when the next was made.
    const now = d.clock.now().toISOString();
    const live = await d.db
      .selectFrom("enrolments")
      .select(["staff_id"])
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .execute();
    expect(live.length).toBe(new Set(live.map((l) => l.staff_id)).size);
    expect(live.length).toBe(staff.length);
  }, 120_000);
});
