import { group, select, text } from "./fields";

/** The icons a card, step or slide can show (the web app maps each to a drawing). */
const ICONS = [
  { value: "globe", label: "Globe" },
  { value: "code", label: "Code" },
  { value: "smartphone", label: "Smartphone" },
  { value: "layout", label: "Dashboard" },
  { value: "briefcase", label: "Briefcase" },
  { value: "cctv", label: "CCTV camera" },
  { value: "server", label: "Server" },
  { value: "shield", label: "Shield" },
  { value: "users", label: "People" },
  { value: "search", label: "Magnifier" },
  { value: "target", label: "Target" },
  { value: "pencil", label: "Pencil and ruler" },
  { value: "rocket", label: "Rocket" },
  { value: "life-buoy", label: "Life buoy" },
  { value: "layers", label: "Layers" },
  { value: "handshake", label: "Handshake" },
  { value: "clock", label: "Clock" },
  { value: "gauge", label: "Gauge" },
  { value: "eye", label: "Eye" },
  { value: "headset", label: "Headset" },
] as const;
export type IconName = (typeof ICONS)[number]["value"];

export const icon = (label = "Icon") => select(label, ICONS);

/** A path on this site: starts with /, no spaces (e.g. /contact, /services). */
export const sitePath = (label: string) =>
  text(label, {
    max: 200,
    pattern: {
      regex: /^\/[^\s]*$/,
      message: `${label} must be a path on this site starting with / (e.g. /contact)`,
    },
  });

export const link = (label: string) => group(label, { label: text("Text"), href: sitePath("Goes to") });

/** A date written YYYY-MM-DD (e.g. 2026-11-02). */
export const isoDate = (label: string) =>
  text(label, {
    max: 10,
    description: "YYYY-MM-DD, e.g. 2026-11-02.",
    pattern: {
      regex: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
      message: `${label} must be a date written YYYY-MM-DD`,
    },
  });

/** The address of a section within its page (/privacy#<this>): lower-case words and hyphens. */
export const sectionAnchor = () =>
  text("Anchor", {
    max: 60,
    description: "The section's address on the page, e.g. who-we-are for /privacy#who-we-are.",
    pattern: {
      regex: /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
      message: "Anchor must be lower-case letters, digits and single hyphens, starting with a letter",
    },
  });

/** A section's small heading above its title, and its title. */
export const titled = (label: string) =>
  group(label, { eyebrow: text("Small heading above the title"), title: text("Title") });

/** A section's small heading above its title, its title and its introduction. */
export const heading = (label: string) =>
  group(label, {
    eyebrow: text("Small heading above the title"),
    title: text("Title"),
    intro: text("Introduction", { multiline: true }),
  });
