// The error the page rewrite throws when React Router's output no longer has the shape it relies on.
// It names the page, what was found and what the rewrite expected, so that an upgrade that changes the
// output fails the build instead of shipping pages that quietly lose the optimisation or break.

export class OutputChangedError extends Error {
  override name = "OutputChangedError";

  constructor(file: string, message: string) {
    super(`React Router's output changed: ${file}: ${message}`);
  }
}

/** Throws an OutputChangedError for `file` unless `condition` holds. */
export function expectOutput(condition: unknown, file: string, message: () => string): asserts condition {
  if (!condition) throw new OutputChangedError(file, message());
}
