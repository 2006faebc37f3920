import type { z } from "zod";
import { group, list, text } from "./fields";

/** consultation.yaml: the words of /consultation, where a visitor books a free consultation (issue 26). */
export const consultationSchema = group("Consultation page", {
  title: text("Title", {
    description: "The page's heading, and its title in browser tabs and search results.",
  }),
  description: text("Summary for search results", { multiline: true, max: 300 }),
  eyebrow: text("Small heading above the title"),
  intro: text("Introduction", { multiline: true }),
  zone: group("Time zone", {
    lead: text("Before the time zone", { description: "e.g. Times are shown in" }),
    own: text("The visitor's own time zone", { description: "e.g. your time zone" }),
    change: text("Choosing another time zone"),
  }),
  days: text("Heading above the days"),
  times: text("Heading above the times"),
  noTimes: text("When a day is fully booked", { multiline: true }),
  noDays: text("When no day has a free time", { multiline: true }),
  loading: text("While the free times load"),
  loadFailed: text("When the free times cannot be loaded", { multiline: true }),
  details: text("Heading of the form"),
  submit: text("Button of the form"),
  privacyPurpose: text("What the details are for", {
    description: "Completes the form's privacy line: 'We use these details only to …'.",
  }),
  noscript: text("Without JavaScript", {
    multiline: true,
    description: "Shown when the browser runs no JavaScript, before the sales e-mail, phone and hours.",
  }),
  messages: group("Answers to a booking", {
    success: text("Booked"),
    failure: text("Refused"),
    unreachable: text("No answer from our server"),
  }),
  booked: group("After booking", {
    title: text("Title"),
    emailSent: text("About the e-mail", { multiline: true }),
    download: text("Calendar file link"),
  }),
  pending: group("Waiting for the visitor to confirm (after booking)", {
    title: text("Title"),
    emailSent: text("About the e-mail with the confirmation link", { multiline: true }),
    heldUntil: text("Before the time the booking is held until", {
      description: "Followed by the time and how many minutes, e.g. 'until 14:32 (15 minutes)'.",
    }),
    lapse: text("When the hold ends", { multiline: true }),
  }),
  confirm: group("Confirming (the link in the first e-mail)", {
    checking: text("While the link is checked"),
    title: text("Title when confirmed"),
  }),
  manage: group("Changing a booking (the link in the e-mail)", {
    title: text("Title"),
    reschedule: text("Button to choose a new time"),
    move: text("Button to move"),
    cancel: text("Button to cancel"),
    confirmCancel: text("Button to confirm cancelling"),
    keep: text("Button to keep the booking"),
    cancelled: text("When cancelled", { multiline: true }),
    moved: text("When moved (above the new time)", { multiline: true }),
    invalid: text("When the link is not valid", { multiline: true }),
    gone: text("When the booking can no longer change", { multiline: true }),
    bookAnother: text("Link to book another"),
  }),
  aside: group("Beside the form", {
    title: text("Title"),
    points: list("Points", text("Point", { multiline: true }), { max: 6 }),
  }),
});
export type ConsultationFile = z.output<typeof consultationSchema>;
