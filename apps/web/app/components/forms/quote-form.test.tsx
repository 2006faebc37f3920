import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServiceUnreachableError } from "~/lib/api-client";
import { QuoteForm, quoteMessages } from "./quote-form";
import { mockFetch } from "./test-fetch";

const SUCCESS = "Your quote request has been submitted successfully!";
const FAILURE = "Failed to submit the quote request. Please try again.";
const FALLBACK = "An error occurred. Please try again.";

function setup() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime.bind(vi) });
  render(
    <MemoryRouter>
      <QuoteForm />
    </MemoryRouter>,
  );
  const fillRequired = async () => {
    await user.type(screen.getByLabelText(/^name/i), "Grace Hopper");
    await user.type(screen.getByLabelText(/^email/i), "grace@example.com");
    await user.type(screen.getByLabelText(/^phone/i), "020 7946 0999");
    await user.selectOptions(screen.getByLabelText(/^service/i), "ERP Consultation");
  };
  const submit = () => user.click(screen.getByRole("button", { name: /request quote|submitting/i }));
  return { user, fillRequired, submit };
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Generous timeout: these tests type into real inputs and CI machines can be busy.
describe("QuoteForm", { timeout: 20_000 }, () => {
  it("offers the eight services with their contract values after a placeholder", () => {
    mockFetch();
    setup();
    const select = screen.getByLabelText(/^service/i);
    expect(select).toBeRequired();
    const options = within(select)
      .getAllByRole("option")
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options).toEqual([
      ["", "Select a service"],
      ["software-development", "Software Development"],
      ["hardware-solutions", "Hardware Solutions"],
      ["internet-services", "Internet Services"],
      ["mobile-app-development", "Mobile App Development"],
      ["web-app-development", "Web App Development"],
      ["erp-consultation", "ERP Consultation"],
      ["security-solutions", "Security Solutions"],
      ["cctv-solutions", "CCTV Solutions"],
    ]);
  });

  it("marks name, email, phone and service required; company and details optional", () => {
    mockFetch();
    setup();
    for (const label of [/^name/i, /^email/i, /^phone/i, /^service/i]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(/^company/i)).not.toBeRequired();
    expect(screen.getByLabelText(/^company/i)).toHaveAttribute("autocomplete", "organization");
    expect(screen.getByLabelText(/^project details/i)).not.toBeRequired();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText(/^phone/i)).toHaveAttribute("type", "tel");
    expect(screen.getByLabelText("Leave this field empty")).toHaveAttribute("name", "website");
    expect(screen.getByRole("link", { name: /privacy notice/i })).toHaveAttribute("href", "/privacy");
  });

  it("asks for a service and a valid phone before sending", async () => {
    const api = mockFetch();
    const { user, submit } = setup();
    await user.type(screen.getByLabelText(/^name/i), "Grace Hopper");
    await user.type(screen.getByLabelText(/^email/i), "grace@example.com");
    await user.type(screen.getByLabelText(/^phone/i), "call me");
    await submit();
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^phone/i)).toHaveFocus();
    expect(screen.getByLabelText(/^phone/i)).toHaveAccessibleDescription(
      "Error: Enter a valid phone number.",
    );
    expect(screen.getByLabelText(/^service/i)).toHaveAccessibleDescription("Error: Choose a service.");
    expect(screen.getByLabelText(/^company/i)).not.toHaveAttribute("aria-invalid");
  });

  it("sends every field, shows 'Submitting...', then the green success message that leaves after 15 s", async () => {
    const api = mockFetch();
    const { user, fillRequired, submit } = setup();
    await fillRequired();
    await user.type(screen.getByLabelText(/^company/i), "Hopper Ltd");
    await submit();

    expect(screen.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await api.sent(1);
    const { url, key, body } = api.call(0);
    expect(url).toBe("http://localhost:8091/quotation");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toEqual({
      name: "Grace Hopper",
      company: "Hopper Ltd",
      email: "grace@example.com",
      phone: "020 7946 0999",
      service: "erp-consultation",
      details: "",
      website: "",
      altcha: expect.any(String),
    });

    // From here the fake clock moves only when told: the 15 s are counted from the answer exactly,
    // not shortened by the real time a busy machine takes between the answer and the next line.
    vi.setTimerTickMode("manual");
    await api.answer(201, { id: "q-1" });
    const message = within(screen.getByRole("status")).getByText(SUCCESS);
    expect(message).toHaveClass("text-green-800");
    expect(screen.getByLabelText(/^name/i)).toHaveValue("");
    expect(screen.getByLabelText(/^company/i)).toHaveValue("");
    expect(screen.getByLabelText(/^service/i)).toHaveValue("");
    expect(screen.getByRole("button", { name: "Request Quote" })).toBeEnabled();

    act(() => vi.advanceTimersByTime(14_999));
    expect(screen.getByText(SUCCESS)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  });

  it("shows the red non-success message on a non-2xx answer", async () => {
    const api = mockFetch();
    const { fillRequired, submit } = setup();
    await fillRequired();
    await submit();
    await api.answer(502);
    const message = within(screen.getByRole("alert")).getByText(FAILURE);
    expect(message).toHaveClass("text-red-800");
  });

  it("shows the fallback, not the engine's wording, when the service cannot be reached", async () => {
    const api = mockFetch();
    const { fillRequired, submit } = setup();
    await fillRequired();
    // What Chromium, Firefox and WebKit reject fetch with when no answer arrives.
    for (const engineText of [
      "Failed to fetch",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
    ]) {
      await submit();
      await api.fail(new TypeError(engineText));
      expect(within(screen.getByRole("alert")).getByText(FALLBACK)).toBeInTheDocument();
      expect(screen.queryByText(engineText)).not.toBeInTheDocument();
    }
    expect(api.call(1).key).toBe(api.call(0).key); // unchanged retry
  });

  it("shows any other error's own message, or the fallback when it has none", () => {
    expect(quoteMessages.unreachable(new Error("Quota exceeded"))).toBe("Quota exceeded");
    expect(quoteMessages.unreachable(new Error(""))).toBe(FALLBACK);
    expect(quoteMessages.unreachable("not an Error")).toBe(FALLBACK);
    expect(
      quoteMessages.unreachable(new ServiceUnreachableError("x", { cause: new TypeError("Load failed") })),
    ).toBe(FALLBACK);
  });

  it("clears an earlier error when the next attempt succeeds and uses a new key after success", async () => {
    const api = mockFetch();
    const { fillRequired, submit } = setup();
    await fillRequired();
    await submit();
    await api.answer(500);
    expect(screen.getByText(FAILURE)).toBeInTheDocument();
    await submit();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    await api.answer(201);
    expect(screen.getByText(SUCCESS)).toBeInTheDocument();
    expect(api.call(1).key).toBe(api.call(0).key);

    await fillRequired();
    await submit();
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    await api.answer(201);
    expect(api.call(2).key).not.toBe(api.call(1).key);
  });
});
