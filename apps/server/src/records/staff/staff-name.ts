// A member's name is a commit's author when they publish (git's ident rules), the sender's name in
// their mails and what the desk shows: checked where a member is invited, and again before a publish
// (a name stored before these rules could still break one).

/** A name's length at most, in characters. */
export const STAFF_NAME_MAX = 100;

/* eslint-disable no-control-regex */
/** Control characters (C0, DEL, C1), line and paragraph separators: no place in a name or a header. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * What git strips from the ends of an author's name ("crud" in git's ident.c: anything up to a space,
 * and . , : ; < > " \ '); a name made only of these is refused ("name consists only of disallowed
 * characters"). Checked with git itself in staff-name.test.ts.
 */
const GIT_CRUD = /^[\u0000-\u0020.,:;<>"\\']*$/;
/* eslint-enable no-control-regex */

/**
 * Why `name` cannot be a member's name, in words, or undefined when it can: `<` or `>` (git would take
 * what follows as the author's address), a control character, a name git refuses as an author, or a
 * name over STAFF_NAME_MAX characters.
 */
export function staffNameProblem(name: string): string | undefined {
  if (/[<>]/.test(name)) return "a name cannot hold < or >.";
  if (CONTROL.test(name)) return "a name cannot hold control characters or line breaks.";
  if (GIT_CRUD.test(name)) return "a name needs a letter or digit, not only dots, commas, quotes or spaces.";
  if ([...name].length > STAFF_NAME_MAX) return `a name is at most ${STAFF_NAME_MAX} characters.`;
  return undefined;
}
