import { describe, expect, it } from "vitest";
import { ISLAND_WAKES, type IslandName } from "~/components/island";
import { islands } from "./registry";

describe("the islands that run before anyone uses them (ISLAND_WAKES)", () => {
  const entries = Object.entries(islands) as [IslandName, (typeof islands)[IslandName]][];

  it("wake the loader as the registry runs them: at load, when near, at a time for atLoad; no other", () => {
    const expected = Object.fromEntries(
      entries.flatMap(([name, entry]) => {
        if (entry.hydrate === "load" || entry.hydrate === "near") return [[name, entry.hydrate]];
        return entry.atLoad ? [[name, expect.any(Number)]] : [];
      }),
    );
    expect(ISLAND_WAKES).toEqual(expected);
  });
});
