import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of the spec (§2). Job pages share one module driven by content/jobs.ts.
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:serviceType", "routes/service-detail.tsx"),
  route("products/:productId", "routes/product-detail.tsx"),
  route("packages", "routes/packages.tsx"),
  route("careers", "routes/careers.tsx"),
  route("careers/:jobSlug", "routes/job-detail.tsx"),
  route("contact", "routes/contact.tsx"),
  route("quote", "routes/quote.tsx"),
  // Issue 26: booking a free consultation (the home page's "Schedule a Free Consultation").
  route("consultation", "routes/consultation.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
