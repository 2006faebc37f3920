import { z } from "zod";

/** How to make a WEBHOOK_SECRET, as the messages about a bad one say. */
const MAKE_SECRET = `node -e "console.log('whsec_'+require('crypto').randomBytes(32).toString('base64'))"`;

/**
 * Standard Webhooks' symmetric signing secret: `whsec_`, then the base64 (RFC 4648, with its padding)
 * of 24 to 64 random bytes. Each way it can be wrong gets its own message.
 */
export const webhookSecret = z.string().superRefine((value, ctx) => {
  const fail = (why: string) =>
    ctx.addIssue({ code: "custom", message: `${why}; make one with: ${MAKE_SECRET}` });
  if (!value.startsWith("whsec_"))
    return fail('must start with "whsec_" (Standard Webhooks\' secret format)');
  const encoded = value.slice("whsec_".length);
  const bytes = Buffer.from(encoded, "base64");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || bytes.toString("base64") !== encoded) {
    return fail('must be "whsec_" then standard base64 (A-Z, a-z, 0-9, + and /, padded with =)');
  }
  if (bytes.length < 24 || bytes.length > 64) {
    return fail(`decodes to ${bytes.length} bytes: Standard Webhooks asks for 24 to 64 random bytes`);
  }
});
