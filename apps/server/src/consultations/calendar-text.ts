// Text made safe for its place in an invitation (RFC 5545), whoever typed it: the visitor (their name),
// a member (theirs) or the company (MAIL_FROM's name and domain, NOTIFY_TO). ical-generator escapes TEXT
// values (DESCRIPTION, SUMMARY) as RFC 5545 says, but a parameter value (an attendee's or the
// organiser's CN) cannot hold a `"` at all, and it writes `\"`, which ends the quoted value early: a
// name could then write its own parameters and address (issue 33). So a name is encoded as RFC 6868
// says before it is handed over: `^` → `^^`, `"` → `^'`, a line break → `^n`; other controls go.
// Decision 0024 says what a reader of each kind gets back.

/** Control characters a parameter value cannot hold (RFC 5545 QSAFE-CHAR allows a tab). */
// eslint-disable-next-line no-control-regex
const PARAM_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A name for a CN parameter, RFC 6868-encoded (ical.js and RFC 6868 readers decode it exactly). */
export function paramText(value: string): string {
  return value
    .replace(/\^/g, "^^")
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, "^n")
    .replace(PARAM_CONTROLS, "");
}

/**
 * An address for a `mailto:` value: the addresses stored are already checked (the contract's e-mail
 * rule, a member's invitation, the configuration); anything else a URI cannot hold is percent-encoded,
 * so a value can never end the line or the property.
 */
export function calendarAddress(email: string): string {
  return email.replace(/[^A-Za-z0-9.!#$&'*+/=?^_`{|}~@%-]/gu, (c) => encodeURIComponent(c));
}

/** A part of PRODID, which ical-generator writes as it is: no `/` (its separator), no controls. */
export function prodIdText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[/\\\u0000-\u001f\u007f]/g, "").trim() || "Website";
}

/** The domain of a UID: a host name's characters only. */
export function uidDomain(domain: string): string {
  return domain.replace(/[^A-Za-z0-9.-]/g, "") || "localhost";
}
