import { PRODUCT_ILLUSTRATIONS, SERVICE_ILLUSTRATIONS } from "@site/content";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const publicDir = path.join(import.meta.dirname, "../../public/");

describe("the built-in drawings the editor offers", () => {
  it("are all in public/images", () => {
    for (const [kind, names] of [
      ["services", SERVICE_ILLUSTRATIONS],
      ["products", PRODUCT_ILLUSTRATIONS],
    ] as const) {
      for (const name of names)
        expect(existsSync(`${publicDir}images/${kind}/${name}.svg`), `${kind}/${name}`).toBe(true);
    }
  });
});
