// The desk's request and answer schemas (issue 16), used by the server's routes and by apps/desk.
// A separate entry point (@site/contracts/desk), so the public site's bundle never carries them.
export * from "./desk-auth";
export * from "./desk-leads";
export * from "./desk-dashboard";
export * from "./desk-actions";
export * from "./desk-site-speed";
export * from "./desk-consultations";
export * from "./desk-chats";
