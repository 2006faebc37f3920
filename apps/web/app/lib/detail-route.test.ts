import { describe, expect, it } from "vitest";
import { company } from "@site/content/data/company";
import { findJob } from "~/lib/jobs";
import { detailRoute } from "./detail-route";

const jobs = detailRoute({
  param: "jobSlug",
  key: "job",
  find: findJob,
  notFound: { title: "Job not found", description: "No such opening.", path: "/careers" },
});

describe("detailRoute", () => {
  it("loads the item the URL parameter names, under the route's key", () => {
    const { job } = jobs.load({ params: { jobSlug: "software-engineer" } });
    expect(job?.slug).toBe("software-engineer");
  });

  it("loads null for an unknown or missing id, so the route shows its not-found message", () => {
    expect(jobs.load({ params: { jobSlug: "astronaut" } })).toEqual({ job: null });
    expect(jobs.load({ params: {} })).toEqual({ job: null });
  });

  it("gives the not-found page its own title and description, never indexed", () => {
    const meta = jobs.notFoundMeta();
    expect(meta[0]).toEqual({ title: `Job not found | ${company.name}` });
    expect(meta).toContainEqual({ name: "description", content: "No such opening." });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, follow" });
  });
});
