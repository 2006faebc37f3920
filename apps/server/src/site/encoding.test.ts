import { describe, expect, it } from "vitest";
import { type Encoding, chooseEncoding } from "./encoding";

const both = new Set<Encoding>(["identity", "br", "gzip"]);
const gzipOnly = new Set<Encoding>(["identity", "gzip"]);

describe("chooseEncoding", () => {
  it.each([
    [undefined, both, "identity"],
    ["", both, "identity"],
    ["gzip, deflate, br, zstd", both, "br"],
    ["gzip, deflate, br", gzipOnly, "gzip"],
    ["gzip", both, "gzip"],
    ["x-gzip", both, "gzip"],
    ["br;q=0.5, gzip", both, "gzip"],
    ["br;q=0, gzip;q=0", both, "identity"],
    ["*", both, "br"],
    ["*;q=0, identity", both, "identity"],
    ["gzip;q=0.2, *;q=0.8", both, "br"],
    ["deflate", both, "identity"],
    ["BR", both, "br"],
  ] as const)("%j with %j → %s", (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});
