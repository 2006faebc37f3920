import type { BookedMeeting } from "@site/contracts/consultation";
import { startTransition, useEffect, useState } from "react";
import { consultation } from "@site/content/data/consultation";
import { useHydrated } from "~/lib/use-hydrated";
import { browserZone } from "~/lib/zone-format";
import { BookedPanel } from "./booked-panel";
import { BookingForm } from "./booking-form";
import { ManageMeeting } from "./manage-meeting";

/** The manage token of the e-mail's link (#manage=…): in the fragment, so it never reaches a server log. */
const manageToken = () => new URLSearchParams(window.location.hash.slice(1)).get("manage") ?? undefined;

/** Booking (or, from the e-mail's link, moving or cancelling) in the visitor's own time zone. */
export function ConsultationBooking() {
  const hydrated = useHydrated();
  const [own, setOwn] = useState<string | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [token, setToken] = useState<string>();
  const [booked, setBooked] = useState<BookedMeeting>();
  useEffect(() => {
    const z = browserZone();
    // Right after hydration: rendered in React's short slices, like the hydration itself.
    startTransition(() => {
      setOwn(z);
      setZone(z);
      setToken(manageToken());
    });
  }, []);
  useEffect(() => {
    if (booked) document.querySelector<HTMLElement>("[data-booked]")?.focus();
  }, [booked]);

  if (token && zone && own) return <ManageMeeting token={token} zone={zone} own={own} onZone={setZone} />;
  if (booked) return <BookedPanel meeting={booked} title={consultation.booked.title} />;
  // The form is in the prerendered page (no shift when the times arrive); the times need the zone.
  return <BookingForm zone={hydrated ? zone : null} own={own} onZone={setZone} onBooked={setBooked} />;
}
