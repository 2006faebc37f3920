import { DEFAULT_RETENTION } from "@site/contracts";
import type { z } from "zod";
import { isoDate, sectionAnchor } from "./common";
import { blocks, checkbox, group, list, richText, text } from "./fields";

/**
 * The periods the notice states, filled in by the site's build with the periods it is built with
 * (RETENTION_*, the same the server's purge keeps): {retention.enquiryMonths} and the others.
 */
const RETENTION_PLACEHOLDERS = Object.keys(DEFAULT_RETENTION).map((key) => `retention.${key}`);

const onlyWithLiveChat = () =>
  checkbox("Only while the live chat is on", {
    description: "Shown only by a site built with the live chat (LIVE_CHAT=on).",
  });

const textBlock = group("Text", {
  text: richText("Text", {
    description: "Paragraphs (separated by an empty line), lists and links (https://, / or mailto:).",
  }),
  onlyWithLiveChat: onlyWithLiveChat(),
});

/** One processing activity: what is collected, why, on which lawful basis, for how long (UK GDPR Art. 13). */
const activity = group("Data use", {
  title: text("Title", { max: 120, description: "The form or purpose, e.g. Contact form." }),
  data: list("What we collect", text("Item", { multiline: true, max: 300 }), { max: 20 }),
  purpose: text("Why", { multiline: true }),
  lawfulBasis: text("Lawful basis", { multiline: true }),
  retention: text("How long", {
    multiline: true,
    description: `Write a period as the site keeps it: ${RETENTION_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")} (the site fills in the periods it is built with).`,
  }),
  onlyWithLiveChat: onlyWithLiveChat(),
});

/** privacy.yaml: the privacy notice, /privacy (UK GDPR Articles 13 and 14). */
export const privacySchema = group(
  "Privacy notice",
  {
    title: text("Title", {
      description: "The page's heading, and its title in browser tabs and search results.",
    }),
    description: text("Summary for search results", { multiline: true, max: 300 }),
    lastUpdated: isoDate("Last updated"),
    intro: text("Introduction", { multiline: true }),
    labels: group("Words around the notice", {
      lastUpdated: text("Before the date", { description: "e.g. Last updated" }),
      contents: text("Heading of the list of sections", { description: "e.g. On this page" }),
      data: text("What is collected (in each data use)"),
      purpose: text("Why (in each data use)"),
      lawfulBasis: text("Lawful basis (in each data use)"),
      retention: text("How long (in each data use)"),
    }),
    sections: list(
      "Sections",
      group("Section", {
        id: sectionAnchor(),
        heading: text("Heading"),
        blocks: blocks(
          "Content",
          {
            text: { label: "Text", schema: textBlock },
            activity: { label: "Data use (a form or a purpose)", schema: activity, itemLabel: "title" },
          },
          { max: 30 },
        ),
      }),
      { itemLabel: "heading", itemKey: "id", max: 20 },
    ),
  },
  { filledBySite: RETENTION_PLACEHOLDERS },
);
export type PrivacyFile = z.output<typeof privacySchema>;
