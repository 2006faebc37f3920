/**
 * What a route tells the document (root.tsx) through its `handle`. A content page (`islands`) needs no
 * router in the browser: it ships the islands' script instead of React Router's
 * (docs/decisions/0022-content-page-islands.md). Any other route keeps React Router.
 */
export interface PageHandle {
  islands?: true;
}

/** The handle of a content page. */
export const contentPage: PageHandle = { islands: true };
