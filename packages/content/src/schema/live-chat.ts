import type { z } from "zod";
import { group, text } from "./fields";

/**
 * live-chat.yaml: the words of the live chat panel (issue 27; only in a site built with LIVE_CHAT=on).
 * The spec's "coming soon" panel keeps its own words; what the privacy notice says about chats is in
 * privacy.yaml.
 */
export const liveChatSchema = group("Live chat", {
  loading: text("While connecting"),
  online: text("When someone is there", { multiline: true }),
  offline: text("When nobody is there", {
    multiline: true,
    description: "{company.hoursUkTime} says the opening hours in UK time.",
  }),
  startIntro: text("Above the start form", { multiline: true }),
  name: text("Name field"),
  email: text("E-mail field"),
  message: text("Message field"),
  consent: text("Consent, before the link"),
  consentLink: text("Consent, the link to the privacy notice"),
  consentEnd: text("Consent, after the link"),
  start: text("Start button"),
  starting: text("Start button while starting"),
  composer: text("Message box"),
  send: text("Send button"),
  sending: text("While a message is sent"),
  sent: text("Message sent"),
  seen: text("Message seen"),
  mailed: text("Answer sent by e-mail"),
  failed: text("Message not sent"),
  retry: text("Retry button"),
  typing: text("After the name of someone typing", { description: "e.g. is typing…" }),
  you: text("The visitor's name in the conversation", { description: "e.g. You" }),
  team: text("Our name in the conversation", { description: "e.g. Our team" }),
  taken: text("When a colleague takes the conversation", {
    description: "{name} is the colleague's name.",
    filledBySite: ["name"],
  }),
  closed: text("When the conversation is closed", { multiline: true }),
  away: text("When nobody can answer", { multiline: true }),
  reconnecting: text("While reconnecting"),
  earlier: text("Button above the messages that shows earlier ones"),
  linkExpired: text("When the link has run out", { multiline: true }),
  tooManyChats: text("After too many conversations", { multiline: true }),
  tooFast: text("After too many messages", { multiline: true }),
  unavailable: text("When the chat cannot be reached", { multiline: true }),
  elsewhere: text("Before the WhatsApp link"),
  whatsapp: text("WhatsApp link"),
});
export type LiveChatFile = z.output<typeof liveChatSchema>;
