import { describe, expect, it } from "vitest";
import { ISLANDS_AT_LOAD, type IslandName } from "~/components/island";
import { islands } from "./registry";

describe("the islands that need their loader at load", () => {
  it("are those the registry hydrates at load or when near, or starts with atLoad: no other", () => {
    const needLoad = (Object.entries(islands) as [IslandName, (typeof islands)[IslandName]][])
      .filter(
        ([, entry]) => entry.hydrate === "load" || entry.hydrate === "near" || entry.atLoad !== undefined,
      )
      .map(([name]) => name);
    expect([...ISLANDS_AT_LOAD].sort()).toEqual(needLoad.sort());
  });
});
