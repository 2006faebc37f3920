import { company } from "./company";

/**
 * The live chat's copy (issue 27; only in a build with LIVE_CHAT=on): the panel's texts and what the
 * privacy notice adds about chats. The spec's "coming soon" panel keeps its own words.
 */
export const liveChatCopy = {
  loading: "Connecting…",
  online: "We are here: someone from our team will answer in a minute.",
  offline: `We are away now (we answer live ${company.hours.replace("GMT", "UK time")}). Leave your message and we will answer by e-mail.`,
  startIntro: "Tell us who you are and ask your question.",
  name: "Your name",
  email: "Your e-mail",
  message: "Your message",
  consent: "I agree that this conversation is stored to answer me, as the",
  consentLink: "privacy notice",
  consentEnd: "says.",
  start: "Start chat",
  starting: "Starting…",
  composer: "Write a message",
  send: "Send",
  sending: "Sending…",
  sent: "Sent",
  seen: "Seen",
  mailed: "Sent to you by e-mail",
  failed: "Not sent.",
  retry: "Retry",
  typing: "is typing…",
  you: "You",
  team: "Our team",
  taken: (name: string) => `${name} is answering you.`,
  closed: "This conversation was closed. Write again to reopen it.",
  away: "Nobody is available right now: we will answer by e-mail as soon as we can.",
  reconnecting: "Connection lost. Reconnecting…",
  newChat: "Start a new conversation",
  linkExpired: "This link has run out or was changed. Start a new conversation, or reach us on WhatsApp.",
  tooManyChats:
    "You have started several conversations in the last hour. Please try again later, or reach us on WhatsApp.",
  tooFast: "You are sending messages too quickly. Please wait a minute and try again.",
  unavailable: "The chat is not reachable right now. Please try again in a moment, or reach us on WhatsApp.",
  elsewhere: "Prefer WhatsApp?",
  whatsapp: "Chat on WhatsApp",
};

/** The privacy notice's words about chats (privacy.ts adds them in a build with live chat). */
export const liveChatPrivacy = {
  title: "Live chat",
  data: [
    "Name and e-mail address",
    "The messages you and our team write, with their times",
    "The page of this site you opened the chat on",
  ],
  purpose:
    "To answer your questions while you are on the site, and by e-mail when you have left. Nothing of the chat is " +
    "loaded before you open it; when you start a conversation you agree to it being stored.",
  lawfulBasis: "Your consent (UK GDPR Article 6(1)(a)), given when you start the conversation.",
  retention: (months: number) =>
    `${months} months after our last contact with you, like any enquiry. Your browser keeps a token for the ` +
    "conversation (liveChat, in local storage) for 24 hours after your last message, so that it continues when you " +
    "come back; a link in our e-mail replies reopens it for 30 days.",
  storage:
    "If you start a live chat, your browser keeps one more item (liveChat) in local storage: the conversation's " +
    "reference and a token that lets you continue it, for 24 hours after your last message. It is needed for the " +
    "chat you asked for and contains no message text.",
};
