import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// A folder per domain, as on the server (docs/architecture.md): each screen is its domain's.
export default [
  route("sign-in", "desk/sign-in.tsx"),
  route("enrol", "desk/enrol.tsx"),
  // Everything else needs a session (desk/signed-in.tsx sends a visitor to /sign-in).
  layout("desk/signed-in.tsx", [
    index("leads/inbox.tsx"),
    route("leads/:id", "leads/lead.tsx"),
    route("dashboard", "leads/dashboard.tsx"),
    route("speed", "site-speed/site-speed.tsx"),
    route("consultations", "consultations/meetings.tsx"),
    route("consultations/availability", "consultations/availability.tsx"),
    route("chats/:id?", "chat/chats-route.tsx"),
    route("content", "publishing/content-screen.tsx"),
  ]),
  // The content editor: a page of its own (the Content screen frames it), with its own CSP.
  route("keystatic/*", "publishing/editor.tsx"),
  route("*", "desk/not-found.tsx"),
] satisfies RouteConfig;
