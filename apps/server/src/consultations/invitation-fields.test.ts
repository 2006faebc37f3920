// Invitation fields that cannot be rewritten (issue 33, item 5): every name in an invitation (the
// visitor's, the member's, the company's) is made safe for its place, and ical.js, parsing what is
// mailed and what the page offers, gets back exactly the attendees' names and addresses.
import fc from "fast-check";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/helpers";
import { withChallenge } from "../../test/challenge-helpers";
import {
  bookingBody,
  calendarsOf,
  headers,
  parseCalendar,
  readable,
  useConsultations,
} from "../../test/consultation-helpers";
import { useSmtpPeer } from "../../test/smtp-peer";
import { invitationIcs } from "./invitation";
import type { MeetingView } from "./meeting-queries";

/** The name, which ical-generator alone wrote as `CN="Eve\":mailto:attacker@…`. */
const EVE = 'Eve":mailto:attacker@evil.example;ROLE=CHAIR;X="';
/** One name per character RFC 5545 treats specially, and RFC 6868's own escape character. */
const NAMES = [
  EVE,
  'Ada "The Countess" Lovelace',
  "Lovelace; Ada",
  "Ada: Analyst",
  "Lovelace, Ada",
  "Ada \\ Lovelace",
  "Ada\nLovelace",
  "Ada^nLovelace ^' ^^",
  '\\"; :,\n^',
  // Found by the property below: a backslash, then a colon (ical.js misread the line until EMAIL).
  "\\:",
  'Eve\\":mailto:attacker@evil.example;ROLE=CHAIR;X="',
];

const meeting = (visitor: string, member: string): MeetingView => ({
  leadId: "019b8c00-0000-7000-8000-000000000001",
  status: "confirmed",
  holdUntil: null,
  start: "2026-01-06T10:00:00.000Z",
  end: "2026-01-06T10:30:00.000Z",
  sequence: 0,
  visitorZone: "Europe/London",
  bookedAt: "2026-01-05T06:00:00.000Z",
  releasedStaff: [],
  member: { id: "m", name: member, email: "maya@staff.example", zone: "Europe/London" },
  visitor: { name: visitor, email: "ada@example.com", phone: null, company: null },
  service: "erp-consultation",
  serviceLabel: "ERP Consultation",
  note: null,
});

const ics = (visitor: string, member = "Maya Perera", company = "Ceylon Bridge") =>
  invitationIcs(meeting(visitor, member), {
    method: "REQUEST",
    organizer: { name: company, email: "sales@example.com" },
    domain: "example.com",
    now: new Date("2026-01-05T06:00:00.000Z"),
    manageUrl: "http://localhost:3000/consultation#manage=x",
  });

describe("an invitation's names", () => {
  it.each(NAMES)("come back exactly, with exactly the two attendees' addresses: %j", (name) => {
    const text = ics(name, name, name);
    const cal = parseCalendar(text);
    expect(cal.people).toEqual([
      { name, address: "ada@example.com" },
      { name, address: "maya@staff.example" },
    ]);
    expect(cal.organizer).toBe("sales@example.com");
    expect(cal.organizerName).toBe(name);
    // No parameter value holds a quote of its own (RFC 5545), and the member's name in the text is whole.
    for (const line of text
      .replace(/\r\n[ \t]/g, "")
      .split("\r\n")
      .filter((l) => /^(ATTENDEE|ORGANIZER)/.test(l))) {
      expect(line.match(/"/g)).toHaveLength(2);
    }
    // No parameter was written by a name: each attendee has exactly the parameters the invitation sets.
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    for (const p of event.getAllProperties("attendee")) {
      expect(Object.keys(p.toJSON()[1] as object).sort()).toEqual(["cn", "email", "partstat", "role"]);
      expect(p.getParameter("role")).toBe("REQ-PARTICIPANT");
    }
    expect(text.split("\r\n").filter((l) => l.startsWith("PRODID:"))).toHaveLength(1);
  });

  it("come back exactly for any text a name may hold (line breaks as LF, other controls dropped)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
        (visitor, member) => {
          const expected = (s: string) =>
            // eslint-disable-next-line no-control-regex
            s.replace(/\r\n|\r/g, "\n").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
          // Lone surrogates cannot be stored (the contract refuses them): left out here.
          fc.pre(!/[\ud800-\udfff]/.test(visitor.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "")));
          // A name is never empty (the contract's and the desk's rule).
          fc.pre(expected(visitor) !== "" && expected(member) !== "");
          const cal = parseCalendar(ics(visitor, member));
          expect(cal.people).toEqual([
            { name: expected(visitor), address: "ada@example.com" },
            { name: expected(member), address: "maya@staff.example" },
          ]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe.each(BACKENDS)("a booking's invitation, mailed and on the page ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend);
  const peer = useSmtpPeer();

  it.skipIf(skip)(
    "names the visitor exactly as typed and invites no one else, whatever the name holds",
    async () => {
      peer.mails.length = 0;
      const member = await c.member("Maya Perera");
      const app = await c.contact({ MAIL_FROM: "Ceylon Bridge <no-reply@example.com>" });
      const w = c.worker(peer.url);
      // A line break is refused at the door (a name is one line); every other character goes through.
      const broken = await app.inject({
        method: "POST",
        url: "/consultation",
        headers,
        payload: await withChallenge(app, bookingBody("2026-01-06T10:00:00.000Z", { name: "Ada\nLovelace" })),
      });
      expect(broken.statusCode).toBe(400);
      const names = [EVE, 'Ada "\\" ; : , ^n'];
      for (const [i, name] of names.entries()) {
        const email = `guest${i}@example.com`;
        const start = `2026-01-0${6 + i}T10:00:00.000Z`;
        const booked = await app.inject({
          method: "POST",
          url: "/consultation",
          headers,
          payload: await withChallenge(app, bookingBody(start, { name, email })),
        });
        expect(booked.statusCode).toBe(201);
        await w.runOnce();
        const link = /#confirm=([^\s"<]+)/.exec(readable(peer.mails.at(-1)!.raw))![1]!;
        const confirmed = await app.inject({
          method: "POST",
          url: "/consultation/confirm",
          headers,
          payload: { token: link },
        });
        const people = [
          { name, address: email },
          { name: member.name, address: member.email },
        ];
        // What the page offers (.ics) and what the visitor and the member are mailed.
        expect(parseCalendar(confirmed.json().ics).people).toEqual(people);
        await w.runOnce();
        const mailed = peer.mails.filter((m) => calendarsOf(m.raw).length > 0).slice(-2);
        expect(mailed.map((m) => m.envelope.to[0]).sort()).toEqual([email, member.email].sort());
        for (const m of mailed) expect(calendarsOf(m.raw)[0]!.people).toEqual(people);
      }
      await w.stop();
    },
  );
});
