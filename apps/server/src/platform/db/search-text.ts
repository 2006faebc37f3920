/**
 * SQLite's lower() folds ASCII only; the SQLite thread registers this function (JavaScript's
 * toLowerCase), so a substring test on SQLite matches "Ünïcode" for "ünïcode" as PostgreSQL does.
 */
export const SQLITE_FOLD_CASE = "fold_case";

/**
 * The text the inbox searches: name, e-mail, company, phone, message and details of a lead, lower-cased,
 * one space apart. The PostgreSQL trigram index (migration 0004) is built on exactly this expression and
 * the SQLite FTS table is filled from it; queries must use it unchanged (a change needs a new migration).
 * `table` qualifies the columns: "leads" in queries, "new" in SQLite triggers, "" in the index.
 */
export function searchTextSql(table = "", fold: "lower" | typeof SQLITE_FOLD_CASE = "lower"): string {
  const c = (column: string) => (table ? `${table}.${column}` : column);
  const parts = [
    c("name"),
    c("email"),
    `coalesce(${c("company")}, '')`,
    c("phone"),
    `coalesce(${c("message")}, '')`,
    `coalesce(${c("details")}, '')`,
  ];
  return `${fold}(${parts.join(" || ' ' || ")})`;
}
