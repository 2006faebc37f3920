// Global setup: leads sent to the real contact and quotation services of the run, so every page has
// something to show (the flow spec adds its own, with unique names).
import { QUOTATION_SERVICES } from "@site/contracts";
import { rateVital, type VitalMetric } from "@site/contracts/vitals";
import { withChallenge } from "./challenge";
import { contactUrl, quotationUrl } from "./desk-env";

const PEOPLE = [
  "Ada Lovelace",
  "Grace Hopper",
  "Alan Turing",
  "Katherine Johnson",
  "Tim Berners-Lee",
  "Radia Perlman",
];

/**
 * A lead sent as the site's form sends it, with its solved challenge; `unverified`: without one, as a
 * script would (the desk marks it, and nothing is mailed to its address).
 */
export async function postLead(
  kind: "contact" | "quotation",
  body: Record<string, string>,
  opts: { unverified?: boolean } = {},
) {
  const url = kind === "contact" ? contactUrl : quotationUrl;
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(opts.unverified ? body : await withChallenge(new URL(url).origin, body)),
  });
  if (res.status !== 201) throw new Error(`POST ${kind} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** One page view's speed figures, as the site's beacon sends them (text/plain JSON). */
async function postBeacon(route: string, device: "mobile" | "desktop", values: Record<VitalMetric, number>) {
  const metrics = Object.entries(values).map(([name, value]) => ({
    name,
    value,
    rating: rateVital(name as VitalMetric, value),
  }));
  const res = await fetch(contactUrl.replace(/\/contact$/, "/vitals"), {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8" },
    body: JSON.stringify({ route, device, navigationType: "navigate", metrics }),
  });
  if (res.status !== 204) throw new Error(`POST /vitals answered ${res.status}: ${await res.text()}`);
}

/** Speed figures for the Site speed screen: /about with a p75 on both devices, /packages with too few. */
async function seedSpeed() {
  for (let i = 0; i < 30; i++) {
    const f = 1 + i / 15; // spread over a factor of three
    await postBeacon("/about", "mobile", {
      LCP: 1500 * f,
      INP: 90 * f,
      CLS: 0.02 * f,
      FCP: 900 * f,
      TTFB: 300 * f,
    });
    await postBeacon("/about", "desktop", {
      LCP: 900 * f,
      INP: 40 * f,
      CLS: 0.01 * f,
      FCP: 600 * f,
      TTFB: 150 * f,
    });
  }
  for (let i = 0; i < 5; i++) {
    await postBeacon("/packages", "mobile", { LCP: 2000, INP: 150, CLS: 0, FCP: 1200, TTFB: 400 });
  }
}

export default async function seed() {
  await seedSpeed();
  for (const [i, name] of PEOPLE.entries()) {
    const email = `${name.split(" ")[0]!.toLowerCase()}@example.com`;
    await postLead("contact", {
      name,
      email,
      phone: `020 7946 01${String(i).padStart(2, "0")}`,
      message: `Hello, we would like to talk about a new intranet for our ${20 + i * 5} staff.`,
    });
    await postLead("quotation", {
      name,
      email,
      phone: `020 7946 02${String(i).padStart(2, "0")}`,
      company: `${name.split(" ")[1]} & Co`,
      service: QUOTATION_SERVICES[i % QUOTATION_SERVICES.length]!.value,
      details: "Two offices, about forty users, budget agreed for this year.",
    });
  }
  // Sent by a script, without the site's anti-spam check: kept, marked unverified.
  await postLead(
    "contact",
    {
      name: "Unverified Sender",
      email: "unverified@example.com",
      phone: "020 7946 0998",
      message: "Posted straight to the service, not through the site's form.",
    },
    { unverified: true },
  );
  await postLead("contact", {
    name: "Cheap Pills",
    email: "spam@example.com",
    phone: "020 7946 0999",
    message: "Buy now",
    website: "https://spam.example",
  });
}
