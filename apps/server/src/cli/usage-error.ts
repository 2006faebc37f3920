/** A mistake in the command line: printed with the usage text, exit status 2. */
export class UsageError extends Error {}
