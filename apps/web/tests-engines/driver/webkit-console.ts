/**
 * WebKitGTK prints a web view's console messages (with enable-write-console-messages-to-stdout) on
 * the standard error of the browser, which WebKitWebDriver passes on, one per line:
 *
 *   http://localhost:3000/:1:182: CONSOLE ERROR my message           console.error
 *   CONSOLE SECURITY ERROR Unrecognized Content-Security-Policy ...   the engine's own
 *   http://localhost:3000/x.js:1:9: CONSOLE JS ERROR TypeError: ...   an uncaught exception
 *   CONSOLE JS ERROR Unhandled Promise Rejection: Error: ...          an unhandled rejection
 *
 * (WebKit's ConsoleClient::printConsoleMessage: an optional "url:line:column: " prefix, then
 * "CONSOLE", the message source unless it is the console API, and the level.)
 */
import type { PageErrors } from "./driver";

const LINE = /^(?:(\S+): )?CONSOLE (?:(\S+) )?(LOG|INFO|DEBUG|WARN|ERROR) (.*)$/;

export interface ConsoleLine {
  source: string;
  level: string;
  text: string;
  url: string | undefined;
}

export function parseConsoleLine(line: string): ConsoleLine | undefined {
  const match = LINE.exec(line.trim());
  if (!match) return undefined;
  const [, url, source = "CONSOLE-API", level = "", text = ""] = match;
  return { source, level, text, url };
}

/** Console errors and uncaught errors among the given lines. */
export function pageErrorsOf(lines: readonly string[]): PageErrors {
  const errors: PageErrors = { console: [], uncaught: [] };
  for (const line of lines) {
    const parsed = parseConsoleLine(line);
    if (!parsed || parsed.level !== "ERROR") continue;
    const where = parsed.url ? ` (${parsed.url})` : "";
    if (parsed.source === "JS") errors.uncaught.push(parsed.text + where);
    else errors.console.push(`${parsed.text}${where}`);
  }
  return errors;
}
