import type { BookedMeeting } from "@site/contracts/consultation";
import { startTransition, useEffect, useState } from "react";
import { consultation } from "@site/content/data/consultation";
import { useHydrated } from "~/lib/use-hydrated";
import { browserZone } from "~/lib/zone-format";
import { BookedPanel } from "./booked-panel";
import { BookingForm } from "./booking-form";
import { ConfirmMeeting } from "./confirm-meeting";
import { PendingPanel } from "./pending-panel";
import { ManageMeeting } from "./manage-meeting";

/**
 * The token of an e-mail's link: #manage=… (reschedule, cancel) or #confirm=… (the first e-mail's
 * confirmation); in the fragment, so it never reaches a server log.
 */
function linkToken(): { manage?: string; confirm?: string } {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  return { manage: hash.get("manage") ?? undefined, confirm: hash.get("confirm") ?? undefined };
}

/** Booking (or, from the e-mail's link, moving or cancelling) in the visitor's own time zone. */
export function ConsultationBooking() {
  const hydrated = useHydrated();
  const [own, setOwn] = useState<string | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [token, setToken] = useState<{ manage?: string; confirm?: string }>({});
  const [booked, setBooked] = useState<BookedMeeting>();
  useEffect(() => {
    const z = browserZone();
    // Right after hydration: rendered in React's short slices, like the hydration itself.
    startTransition(() => {
      setOwn(z);
      setZone(z);
      setToken(linkToken());
    });
    // A link from an e-mail pasted into this same page changes only the fragment.
    const onHash = () => {
      setBooked(undefined);
      setToken(linkToken());
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  useEffect(() => {
    if (booked) document.querySelector<HTMLElement>("[data-booked]")?.focus();
  }, [booked]);

  if (token.confirm) return <ConfirmMeeting token={token.confirm} />;
  if (token.manage && zone && own) {
    return <ManageMeeting token={token.manage} zone={zone} own={own} onZone={setZone} />;
  }
  if (booked?.status === "pending") return <PendingPanel meeting={booked} />;
  if (booked) return <BookedPanel meeting={booked} title={consultation.booked.title} />;
  // The form is in the prerendered page (no shift when the times arrive); the times need the zone.
  return <BookingForm zone={hydrated ? zone : null} own={own} onZone={setZone} onBooked={setBooked} />;
}
