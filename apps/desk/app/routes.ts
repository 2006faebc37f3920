import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("sign-in", "routes/sign-in.tsx"),
  route("enrol", "routes/enrol.tsx"),
  // Everything else needs a session (routes/signed-in.tsx sends a visitor to /sign-in).
  layout("routes/signed-in.tsx", [
    index("routes/inbox.tsx"),
    route("leads/:id", "routes/lead.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("speed", "routes/site-speed.tsx"),
    route("consultations", "consultations/meetings.tsx"),
    route("consultations/availability", "consultations/availability.tsx"),
    route("chats/:id?", "chats/chats-route.tsx"),
    route("content", "content/content-screen.tsx"),
  ]),
  // The content editor: a page of its own (the Content screen frames it), with its own CSP.
  route("keystatic/*", "content/editor.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
