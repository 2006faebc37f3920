import { afterEach, describe, expect, it, vi } from "vitest";
import { ServiceUnreachableError, leadEndpoint, submitLead } from "./api-client";

afterEach(() => vi.unstubAllGlobals());

const contact = {
  name: "Ada",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  message: "Hi",
  website: "",
};

describe("submitLead", () => {
  it("POSTs JSON with the Idempotency-Key to the default development address", async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ id: "1" }), { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);

    await expect(submitLead("contact", contact, "key-1")).resolves.toEqual({ ok: true, status: 201 });

    expect(leadEndpoint("contact")).toBe("http://localhost:8081/contact");
    expect(leadEndpoint("quotation")).toBe("http://localhost:8091/quotation");
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("http://localhost:8081/contact");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", "Idempotency-Key": "key-1" });
    expect(JSON.parse(init.body as string)).toEqual(contact);
  });

  it("treats any 2xx as success and anything else as a non-success answer", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await expect(submitLead("contact", contact, "k")).resolves.toEqual({ ok: true, status: 204 });

    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("oops", { status: 500 })));
    await expect(submitLead("contact", contact, "k")).resolves.toEqual({
      ok: false,
      status: 500,
      fields: undefined,
    });

    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("", { status: 429 })));
    await expect(submitLead("contact", contact, "k")).resolves.toMatchObject({ ok: false, status: 429 });
  });

  it("reads per-field errors from a 400 answer and survives a body that is not JSON", async () => {
    const body = { error: "validation_failed", fields: { email: ["Enter a valid email address."], x: 3 } };
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 400 })));
    await expect(submitLead("contact", contact, "k")).resolves.toEqual({
      ok: false,
      status: 400,
      fields: { email: ["Enter a valid email address."] },
    });

    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("<html>", { status: 400 })));
    await expect(submitLead("contact", contact, "k")).resolves.toEqual({
      ok: false,
      status: 400,
      fields: undefined,
    });
  });

  it("rejects with ServiceUnreachableError, keeping the engine's error, when no answer arrives", async () => {
    const engineError = new TypeError("Load failed");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(engineError));
    const rejection = submitLead("contact", contact, "k");
    await expect(rejection).rejects.toBeInstanceOf(ServiceUnreachableError);
    await expect(rejection).rejects.toMatchObject({ cause: engineError });
  });

  it("passes an abort through unchanged", async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException("The operation was aborted.", "AbortError");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(abort));
    await expect(submitLead("contact", contact, "k", controller.signal)).rejects.toBe(abort);
  });
});
