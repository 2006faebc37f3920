import type { Privacy } from "@site/content";
import { privacy } from "@site/content/data/privacy";

/**
 * How long each kind of record is kept: packages/contracts' periods as this build was made with them
 * (RETENTION_*), the same the server's purge enforces.
 */
export const retention = __RETENTION__;

const PERIOD = /\{retention\.(\w+)\}/g;

function fill<T>(value: T, periods: Readonly<Record<string, number>>): T {
  if (typeof value === "string")
    return value.replace(PERIOD, (whole, name: string) => String(periods[name] ?? whole)) as T;
  if (Array.isArray(value)) return value.map((v) => fill(v, periods)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, periods)])) as T;
  return value;
}

/**
 * The privacy notice (content/privacy.yaml) as a build shows it: each {retention.…} is the period the
 * build keeps data for, and the parts about the live chat are there only in a build with the chat.
 */
export function noticeFor(
  notice: Privacy,
  periods: Readonly<Record<string, number>>,
  liveChat: boolean,
): Privacy {
  return fill(
    {
      ...notice,
      sections: notice.sections.map((s) => ({
        ...s,
        blocks: s.blocks.filter((b) => liveChat || !b.onlyWithLiveChat),
      })),
    },
    periods,
  );
}

export const privacyNotice = noticeFor(privacy, { ...retention }, __LIVE_CHAT__);
