import { describe, expect, it } from "vitest";
import { buildInviteMail } from "./invite-mail";

describe("the invitation e-mail", () => {
  const url = "http://localhost:8100/enrol#token=abc_DEF-123";
  const mail = buildInviteMail(
    { email: "sam@example.com", name: "Sam <Seller> & Co" },
    { url, expiresAt: "2026-11-26T09:30:00.000Z" },
    { mailFrom: "Website <no-reply@example.com>" },
  );

  it("carries the link as text and as a link in HTML, with the name escaped", () => {
    expect(mail.text).toContain(`\n${url}\n`);
    expect(mail.text).toContain("until 2026-11-26 09:30 UTC");
    expect(mail.html).toContain(`<a href="${url}">${url}</a>`);
    expect(mail.html).toContain("Hello Sam &lt;Seller&gt; &amp; Co,");
    expect(mail.html).not.toContain("<Seller>");
  });

  it("has no Reply-To: a reply goes to the sender, not to a no-reply address named otherwise", () => {
    expect(mail.replyTo).toBeUndefined();
    expect(mail.from).toBe("Website <no-reply@example.com>");
    expect(mail.to).toBe("sam@example.com");
  });
});
