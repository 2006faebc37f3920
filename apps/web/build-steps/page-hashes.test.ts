import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseHtml } from "./html-tree";
import { inlineHashes } from "./page-hashes";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe("inlineHashes", () => {
  it("hashes every script the browser runs under script-src, once, in order, and every <style>, templates' too", () => {
    const html = [
      "<!DOCTYPE html><html><head><style>a{}</style>",
      "<script>a()</script>",
      '<script src="/assets/x.js"></script>',
      '<script type="module" async="">import "/x.js";</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type=" Text/JavaScript ">b()</script>',
      '<script type="importmap">{"imports":{}}</script>',
      '<script type="text/plain">not code</script>',
      "</head><body><template><script>later()</script><style>b{}</style></template>",
      "<script>a()</script><svg><style>c{}</style></svg></body></html>",
    ].join("");
    expect(inlineHashes(parseHtml(html))).toEqual({
      scriptHashes: [sha("a()"), sha('import "/x.js";'), sha("b()"), sha('{"imports":{}}'), sha("later()")],
      styleHashes: [sha("a{}"), sha("b{}"), sha("c{}")],
    });
  });

  it("hashes the text as the browser parses it: CRLF and lone CR become LF", () => {
    expect(inlineHashes(parseHtml("<script>a()\r\nb()\rc()</script>")).scriptHashes).toEqual([
      sha("a()\nb()\nc()"),
    ]);
  });
});
