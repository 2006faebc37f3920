/**
 * Checks of this suite that fail today, in one engine, for a reason another branch fixes. Nothing
 * else may mark a check as failing. The lead removes an entry when its fix is merged:
 * - an entry that `fails` makes the run red as soon as the check passes ("expected to fail, but
 *   passed"), so it cannot outlive its fix;
 * - an `intermittent` entry (the defect shows in some runs only) turns a failure of its check into
 *   an expected one and lets a pass through, with a note in the report either way.
 * ENGINES_KNOWN_FAILURES=off runs every check as an ordinary one (to see these fail).
 */
import type { EngineName } from "./driver/driver";

export interface KnownFailure {
  engine: EngineName;
  /** Title of the check as the report shows it, after the file name (describe › test). */
  check: string;
  kind: "fails" | "intermittent";
  /** What fails, and what fixes it. */
  because: string;
}

// Empty since the boot stopped inserting modulepreload links (issue 19, item 2): the 40-navigation
// check had been listed for Firefox and WebKit until then.
export const knownFailures: readonly KnownFailure[] = [];

export const knownFailuresEnabled = process.env.ENGINES_KNOWN_FAILURES !== "off";

export function knownFailureOf(engine: EngineName, titlePath: readonly string[]): KnownFailure | undefined {
  if (!knownFailuresEnabled) return undefined;
  const title = titlePath.join(" › ");
  return knownFailures.find((k) => k.engine === engine && title === k.check);
}
