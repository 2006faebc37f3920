// What the fixture app is built with, shared by its config and the tests that check the result.
import type { ServiceUrls } from "@site/site-policy/service-urls";

/** One loopback service and one public one: both origins end up in connect-src. */
export const FIXTURE_SERVICE_URLS: ServiceUrls = {
  contact: "http://localhost:8581",
  quotation: "https://quotes.example.com/api",
};

/** Beside build/client: a copy of React Router's output before the rewrite. */
export const ROUTER_OUTPUT_DIR = "router-output";

/** The inline classic script the fixture's root renders in <head> (hashed into the CSP). */
export const HEAD_SCRIPT = 'document.documentElement.dataset.fixture = "head";';
