// Global setup: leads sent to the real contact and quotation services of the run, so every page has
// something to show (the flow spec adds its own, with unique names).
import { QUOTATION_SERVICES } from "@site/contracts";
import { contactUrl, quotationUrl } from "./desk-env";

const PEOPLE = [
  "Ada Lovelace",
  "Grace Hopper",
  "Alan Turing",
  "Katherine Johnson",
  "Tim Berners-Lee",
  "Radia Perlman",
];

export async function postLead(kind: "contact" | "quotation", body: Record<string, string>) {
  const res = await fetch(kind === "contact" ? contactUrl : quotationUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${kind} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export default async function seed() {
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
  await postLead("contact", {
    name: "Cheap Pills",
    email: "spam@example.com",
    phone: "020 7946 0999",
    message: "Buy now",
    website: "https://spam.example",
  });
}
