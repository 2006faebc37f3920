// THE list of the server's features: each folder's one entry, in the order they join a listener
// (the desk's door first: every desk route after it is behind its guard). app.ts walks it for each
// role, process.ts for the outbox's channels and the background work. A new feature (a new kind of
// lead, say) is a folder with a feature.ts, and one line here: docs/architecture.md.
import { chatFeature } from "./chat/feature";
import type { ChatBus } from "./chat/chat-bus";
import { consultationsFeature } from "./consultations/feature";
import { deskFeature } from "./desk/feature";
import { leadsFeature } from "./leads/feature";
import { privacyFeature } from "./privacy/feature";
import { publishingFeature } from "./publishing/feature";
import type { SiteBuilder } from "./publishing/site-builder";
import type { Context, Feature } from "./records/feature";
import { siteSpeedFeature } from "./site-speed/feature";
import { siteFeature } from "./site/feature";

/** What the wiring hands every feature: the common context, and what some of them read besides. */
export type AppContext = Context & {
  /** Live chat's bus, shared by the roles of one process (process.ts makes it). */
  chatBus?: ChatBus | undefined;
  /** How a publish builds the site (tests give a quick one). */
  siteBuilder?: SiteBuilder | undefined;
};

export const FEATURES: readonly Feature<AppContext>[] = [
  siteFeature,
  deskFeature,
  leadsFeature,
  privacyFeature,
  consultationsFeature,
  siteSpeedFeature,
  publishingFeature,
  chatFeature,
];
