import { company } from "./company";

/** The /consultation page's copy (issue 26). Company facts come from company.ts. */
export const consultation = {
  title: "Schedule a Free Consultation",
  description: `Book a free 30-minute consultation with ${company.name}: pick a time in your own time zone and get a calendar invitation by e-mail.`,
  eyebrow: "Free consultation",
  intro:
    "Choose a day and a time for a free 30-minute call with one of our consultants in London or Colombo. We will send you a calendar invitation, and you can reschedule or cancel from the e-mail.",
  zone: {
    /** "Times are shown in <zone>." */
    lead: "Times are shown in",
    own: "your time zone",
    change: "Another time zone",
  },
  days: "Choose a day",
  times: "Choose a time",
  noTimes: "Every time on this day is taken. Please choose another day.",
  noDays: "There are no free times in the coming weeks. Please contact us instead.",
  loading: "Loading the free times…",
  loadFailed: "The free times could not be loaded. Please try again later, or contact us.",
  details: "Book your free consultation",
  submit: "Book consultation",
  privacyPurpose: "arrange and hold the consultation with you",
  noscript:
    "Choosing a time needs JavaScript, which is turned off in your browser. Please e-mail or call us and we will find a time with you:",
  messages: {
    success: "Your consultation is booked!",
    failure: "Something went wrong. Please try again later.",
    unreachable: "An error occurred. Please try again later.",
  },
  booked: {
    title: "Your consultation is booked",
    emailSent:
      "We have sent you an e-mail with the invitation and links to reschedule or cancel. If it does not arrive, check your spam folder.",
    download: "Add to my calendar (.ics)",
  },
  manage: {
    title: "Your consultation",
    reschedule: "Choose a new time",
    move: "Move to this time",
    cancel: "Cancel the consultation",
    confirmCancel: "Yes, cancel it",
    keep: "Keep it",
    cancelled: "Your consultation is cancelled. We have sent you an e-mail to confirm it.",
    moved: "Your consultation has moved. We have sent you the updated invitation.",
    invalid: "This link is not valid. Please use the link in your e-mail, or contact us.",
    gone: "This consultation can no longer be changed: it has started or was cancelled.",
    bookAnother: "Book another consultation",
  },
  aside: {
    title: "What to expect",
    points: [
      "A 30-minute phone or video call with a consultant who knows the service you are interested in.",
      "No cost and no obligation: we listen, answer your questions and suggest next steps.",
      "Our consultants work in London and Colombo, Monday to Friday, so there are times in the morning and afternoon for most time zones.",
    ],
  },
} as const;

/** The privacy notice's processing activity of a booking (content/privacy.ts lists it). */
export const consultationActivity = (enquiryMonths: number) => ({
  kind: "activity" as const,
  title: "Free consultation booking",
  data: [
    "Name",
    "E-mail address",
    "Phone number (optional)",
    "Company name (optional)",
    "The service you are interested in",
    "Your note (optional)",
    "The time of the meeting and your time zone",
  ],
  purpose:
    "To hold the meeting you booked: to send you and our consultant the calendar invitation, a reminder the day before, and word of any change.",
  lawfulBasis:
    "Steps taken at your request before entering into a contract (UK GDPR Article 6(1)(b)); where you book on behalf of your employer, our legitimate interests in responding to a business request (Article 6(1)(f)).",
  retention: `${enquiryMonths} months after the meeting, or after our last contact with you if that is later.`,
});
