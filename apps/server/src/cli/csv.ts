/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF lines, and OWASP's defence against formula
 * injection: a cell starting with = + - @ TAB or CR gets a leading single quote, so a
 * spreadsheet shows it as text instead of evaluating it.
 */
function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s.startsWith(" ") || s.endsWith(" ") ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
