import { TZDate } from "@date-fns/tz";

/** The spec's office hours: Monday to Friday, 09:00 to 18:00 in London (GMT in winter, BST in summer). */
const OFFICE_HOURS = { zone: "Europe/London", days: [1, 2, 3, 4, 5], opens: 9, closes: 18 } as const;

/** Whether `now` falls within the office hours, on London's wall clock (IANA zone, never a fixed offset). */
export function inOfficeHours(now: Date): boolean {
  const london = new TZDate(now.getTime(), OFFICE_HOURS.zone);
  const day = london.getDay();
  const hour = london.getHours();
  return (
    (OFFICE_HOURS.days as readonly number[]).includes(day) &&
    hour >= OFFICE_HOURS.opens &&
    hour < OFFICE_HOURS.closes
  );
}
