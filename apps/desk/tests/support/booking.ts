// Consultations booked as a visitor would, for the desk's tests: through the contact service with a
// solved challenge, and (the company setting on, the default) confirmed with the link of the mail that
// reaches the run's SMTP peer, so that the meeting stands and shows in the desk.
import { expect } from "@playwright/test";
import { withChallenge } from "./challenge";
import { contactUrl, smtpSink } from "./desk-env";

const serviceOrigin = contactUrl.replace(/\/contact$/, "");

export interface SinkMessage {
  envelope: { to: string[] };
  headers: Record<string, string>;
  text: string;
  raw: string;
}
export const mailsTo = async (address: string) =>
  ((await (await fetch(`${smtpSink.url}/messages`)).json()) as SinkMessage[]).filter((m) =>
    m.envelope.to.includes(address),
  );

/** The confirmation link's token in a visitor's mail (quoted-printable: `=` is written `=3D`). */
export const confirmToken = (m: SinkMessage) =>
  /#confirm=(?:3D)?([0-9a-f-]{36}\.[\w-]{43})/.exec(m.text.replace(/=\r?\n/g, ""))?.[1];

/** Books `start` for `email` through the service; confirms it by its mail when it waits for that. */
export async function bookStanding(email: string, start: string, name = "Katherine Johnson") {
  const body = await withChallenge(serviceOrigin, {
    name,
    email,
    service: "web-app-development",
    start,
    zone: "Asia/Colombo",
    note: "Orbital maths.",
  });
  const res = await fetch(`${serviceOrigin}/consultation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const booked = (await res.json()) as { id: string; status: string };
  if (booked.status !== "pending") return booked;
  let token: string | undefined;
  await expect
    .poll(async () => (token = (await mailsTo(email)).map(confirmToken).find(Boolean)), { timeout: 20_000 })
    .toBeTruthy();
  const ok = await fetch(`${serviceOrigin}/consultation/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  expect(ok.status).toBe(200);
  return (await ok.json()) as { id: string; status: string };
}

/** The free starts of the next days (London's zone), from the service. */
export async function freeStarts(): Promise<string[][]> {
  const res = await fetch(`${serviceOrigin}/consultation/slots?zone=Europe%2FLondon`);
  return ((await res.json()) as { days: { slots: string[] }[] }).days.map((d) => d.slots);
}
