import { company, mailto } from "./company";
import { consultationActivity } from "./consultation";
import { liveChatPrivacy } from "./live-chat";

/**
 * Privacy notice (UK GDPR Articles 13 and 14) for a company that takes enquiries through the contact
 * and quotation forms. Copy is data; app/routes/privacy.tsx only renders it. Company facts come from
 * company.ts so the notice never disagrees with the footer or the contact page.
 */

/** A run of text, or a link inside a paragraph. */
export type Inline = string | { text: string; href: string };

export type Block =
  | { kind: "p"; content: Inline[] }
  | { kind: "list"; items: Inline[][] }
  /** One processing activity: what is collected, why, on which lawful basis, for how long. */
  | {
      kind: "activity";
      title: string;
      data: string[];
      purpose: string;
      lawfulBasis: string;
      retention: string;
    };

export interface PrivacySection {
  /** Fragment id for the table of contents. */
  id: string;
  heading: string;
  blocks: Block[];
}

/** ISO date of the last change; shown as "Last updated". */
export const privacyLastUpdated = "2026-11-26";

/**
 * How long each kind of record is kept: packages/contracts' periods as this build was made with them
 * (RETENTION_*), the same the server's purge enforces.
 */
export const retention = __RETENTION__;

const { address, registration } = company;
const postalAddress = `${address.street}, ${address.locality} ${address.postalCode}, ${address.country}`;
const infoEmail = { text: company.email.info, href: mailto(company.email.info, "Privacy request") };

export const privacyIntro =
  `This notice explains what personal data ${company.name} collects when you use this website, ` +
  "why we collect it, how long we keep it and the rights you have over it. We collect only what we " +
  "need to answer you, and we never sell your data or use it for advertising.";

export const privacySections: PrivacySection[] = [
  {
    id: "who-we-are",
    heading: "Who we are",
    blocks: [
      {
        kind: "p",
        content: [
          `${company.legalName} ("we", "us") is the controller of the personal data described in this notice. ` +
            `We are a company registered in ${registration.jurisdiction} under company number ${registration.number}, ` +
            `and our registered address is ${postalAddress}.`,
        ],
      },
      {
        kind: "p",
        content: ["For any question about this notice or your personal data, e-mail us at ", infoEmail, "."],
      },
    ],
  },
  {
    id: "what-we-collect",
    heading: "What we collect and why",
    blocks: [
      {
        kind: "p",
        content: [
          "We collect personal data only when you give it to us through one of the forms below, plus the " +
            "technical information every web server receives. You do not have to give us any details, but " +
            "without your name and a way to reach you we cannot reply.",
        ],
      },
      {
        kind: "activity",
        title: "Contact form",
        data: ["Name", "E-mail address", "Phone number", "Your message"],
        purpose: "To read and answer your enquiry, and to follow it up if you ask us to.",
        lawfulBasis:
          "Legitimate interests (UK GDPR Article 6(1)(f)): replying to people who contact us about our services.",
        retention: `${retention.enquiryMonths} months after our last contact with you.`,
      },
      {
        kind: "activity",
        title: "Quotation form",
        data: [
          "Name",
          "E-mail address",
          "Phone number",
          "Company name (optional)",
          "The service you are interested in",
          "Project details (optional)",
        ],
        purpose: "To prepare a quotation for you and discuss it with you.",
        lawfulBasis:
          "Steps taken at your request before entering into a contract (UK GDPR Article 6(1)(b)); where you ask on behalf of your employer, our legitimate interests in responding to a business request (Article 6(1)(f)).",
        retention: `${retention.enquiryMonths} months after our last contact with you. If you become a client, the records of our contract are kept for as long as the law requires us to keep them.`,
      },
      consultationActivity(retention.enquiryMonths),
      {
        kind: "activity",
        title: "Job applications by e-mail",
        data: ["Name and contact details", "Your CV, covering letter and anything else you choose to send"],
        purpose: `To consider you for the role you applied for via ${company.email.careers}.`,
        lawfulBasis: "Steps taken at your request before entering into a contract (UK GDPR Article 6(1)(b)).",
        retention: `${retention.applicationMonths} months after the role is filled, unless you agree that we keep your details for future openings.`,
      },
      {
        kind: "activity",
        title: "Website and security logs",
        data: ["IP address", "Browser and device type", "Pages requested and the time of each request"],
        purpose:
          "To keep the website and forms working and secure, including limiting repeated submissions and spotting abuse.",
        lawfulBasis: "Legitimate interests (UK GDPR Article 6(1)(f)): running a secure website.",
        retention: `${retention.serverLogDays} days.`,
      },
      {
        kind: "activity",
        title: "Site speed measurement (only after you select Accept)",
        data: [
          "The kind of page you viewed, such as “a service page” (its route, never the full address or anything you typed)",
          "How fast the page loaded and responded to you: five speed measurements (Core Web Vitals) and their rating",
          "Whether your screen is phone-sized or larger",
          "How you reached the page (a link, a reload, the back button)",
        ],
        purpose:
          "To see how fast the site is for real visitors on their own devices and connections, and to fix the pages that are slow. " +
          "We measure only after you select Accept on our cookie banner; if you decline, nothing is measured or sent. " +
          "The figures go to our own server, where each is added to a daily total as it arrives: no identifier, cookie or IP address is stored with them, so they cannot be linked to you or to your other visits.",
        lawfulBasis: "Your consent (UK GDPR Article 6(1)(a)), given with Accept.",
        retention: `${retention.vitalsDays} days, as daily totals; no record of an individual visit is kept.`,
      },
      // Only in a build with the live chat on (LIVE_CHAT=on, issue 27).
      ...(__LIVE_CHAT__
        ? [
            {
              kind: "activity" as const,
              title: liveChatPrivacy.title,
              data: liveChatPrivacy.data,
              purpose: liveChatPrivacy.purpose,
              lawfulBasis: liveChatPrivacy.lawfulBasis,
              retention: liveChatPrivacy.retention(retention.enquiryMonths),
            },
          ]
        : []),
      {
        kind: "p",
        content: [
          `Submissions that we identify as spam or automated abuse are deleted within ${retention.spamDays} days. ` +
            "We do not make decisions about you by automated means, and we do not build profiles of visitors.",
        ],
      },
    ],
  },
  {
    id: "who-receives-it",
    heading: "Who receives your data",
    blocks: [
      {
        kind: "list",
        items: [
          [
            "Our team: each form submission is stored on our systems and sent by e-mail to the colleagues who handle enquiries and quotations.",
          ],
          [
            "Our service providers, as processors acting only on our written instructions: the company that hosts this website and its database, and our e-mail provider.",
          ],
          [
            "Professional advisers, courts or authorities, only where the law requires it or to establish or defend legal claims.",
          ],
        ],
      },
      {
        kind: "p",
        content: ["We do not sell, rent or share your personal data for anyone else's marketing."],
      },
    ],
  },
  {
    id: "international-transfers",
    heading: "International transfers",
    blocks: [
      {
        kind: "p",
        content: [
          `We have offices in ${company.offices.join(" and ")}. If colleagues in Sri Lanka help with your enquiry, ` +
            "your data is transferred outside the UK. We protect such transfers with the UK International Data " +
            "Transfer Agreement, and the same applies to any provider that stores data outside the UK. You can ask " +
            "us for a copy of these safeguards.",
        ],
      },
    ],
  },
  {
    id: "how-long",
    heading: "How long we keep it",
    blocks: [
      {
        kind: "list",
        items: [
          [
            `Contact and quotation enquiries: ${retention.enquiryMonths} months after our last contact with you, then deleted.`,
          ],
          [`Spam and automated submissions: deleted within ${retention.spamDays} days.`],
          [`Website and security logs: ${retention.serverLogDays} days.`],
          [`Site speed figures (daily totals, no identifiers): ${retention.vitalsDays} days.`],
          [`Job applications: ${retention.applicationMonths} months after the role is filled.`],
        ],
      },
    ],
  },
  {
    id: "cookies",
    heading: "Cookies and browser storage",
    blocks: [
      {
        kind: "p",
        content: [
          "We do not set analytics or advertising cookies, and the site loads no third-party tracking. " +
            "When you select Accept on our cookie banner, we store a single item (cookiesAccepted) in your " +
            "browser's local storage so that we do not show the banner again. It is strictly necessary for " +
            "remembering your choice and contains no personal data. If you select Decline, nothing is stored.",
        ],
      },
      {
        kind: "p",
        content: [
          "Once you have accepted, your browser also sends us the speed of each page you view (see Site speed " +
            "measurement above). To stop it, clear this site's data in your browser and select Decline when the banner appears again.",
        ],
      },
      ...(__LIVE_CHAT__ ? [{ kind: "p" as const, content: [liveChatPrivacy.storage] }] : []),
      {
        kind: "p",
        content: [
          "You can remove it at any time by clearing this site's data in your browser settings; the banner will then appear again.",
        ],
      },
    ],
  },
  {
    id: "your-rights",
    heading: "Your rights",
    blocks: [
      { kind: "p", content: ["Under UK data protection law you have the right to:"] },
      {
        kind: "list",
        items: [
          ["ask for a copy of the personal data we hold about you (access);"],
          ["have inaccurate or incomplete data corrected (rectification);"],
          ["have your data deleted (erasure);"],
          ["ask us to limit how we use your data (restriction);"],
          ["object to our use of your data where we rely on legitimate interests (objection);"],
          ["receive data you gave us in a portable format, where the law provides for it (portability)."],
        ],
      },
      {
        kind: "p",
        content: [
          "To use any of these rights, e-mail ",
          infoEmail,
          ". It is free, and we will reply within one month.",
        ],
      },
    ],
  },
  {
    id: "complaints",
    heading: "Complaints",
    blocks: [
      {
        kind: "p",
        content: [
          "If you are unhappy with how we have handled your data, please tell us first so that we can put it right. " +
            "You also have the right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator, at ",
          { text: "ico.org.uk/make-a-complaint", href: "https://ico.org.uk/make-a-complaint/" },
          " or on 0303 123 1113.",
        ],
      },
    ],
  },
  {
    id: "contact",
    heading: "Contact us",
    blocks: [
      {
        kind: "p",
        content: [
          "E-mail ",
          infoEmail,
          ` or write to ${company.legalName}, ${postalAddress}. We may update this notice when our practices change; the date at the top shows when it last changed.`,
        ],
      },
    ],
  },
];
