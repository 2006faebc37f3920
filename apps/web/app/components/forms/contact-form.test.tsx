import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./contact-form";
import { verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { mockFetch, TEST_CHALLENGE_SECRET } from "./test-fetch";

const SUCCESS = "Thank you for contacting us! We'll get back to you soon.";
const FAILURE = "Something went wrong. Please try again later.";
const UNREACHABLE = "An error occurred. Please try again later.";

function setup() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime.bind(vi) });
  render(
    <MemoryRouter>
      <ContactForm />
    </MemoryRouter>,
  );
  const field = (name: RegExp) => screen.getByRole("textbox", { name }) as HTMLInputElement;
  const fill = async (values: Partial<Record<"name" | "email" | "phone" | "message", string>> = {}) => {
    const v = {
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 20 7946 0000",
      message: "We need a new stock system.",
      ...values,
    };
    for (const [label, value] of [
      [/^name/i, v.name],
      [/^email/i, v.email],
      [/^message/i, v.message],
    ] as const) {
      await user.clear(field(label));
      if (value) await user.type(field(label), value);
    }
    const phone = screen.getByLabelText(/^phone/i);
    await user.clear(phone);
    if (v.phone) await user.type(phone, v.phone);
  };
  const submit = () => user.click(screen.getByRole("button", { name: /send message|submitting/i }));
  return { user, field, fill, submit };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Generous timeout: these tests type into real inputs and CI machines can be busy.
describe("ContactForm", { timeout: 20_000 }, () => {
  it("renders the four required fields with native types, limits and autocomplete", () => {
    mockFetch();
    setup();
    const name = screen.getByLabelText(/^name/i);
    const email = screen.getByLabelText(/^email/i);
    const phone = screen.getByLabelText(/^phone/i);
    const message = screen.getByLabelText(/^message/i);
    expect(name).toHaveAttribute("autocomplete", "name");
    expect(name).toHaveAttribute("maxlength", "200");
    expect(email).toHaveAttribute("type", "email");
    expect(email).toHaveAttribute("autocomplete", "email");
    expect(email).toHaveAttribute("maxlength", "254");
    expect(phone).toHaveAttribute("type", "tel");
    expect(phone).toHaveAttribute("autocomplete", "tel");
    expect(phone).toHaveAttribute("maxlength", "40");
    expect(message.tagName).toBe("TEXTAREA");
    expect(message).toHaveAttribute("maxlength", "5000");
    for (const el of [name, email, phone, message]) expect(el).toBeRequired();
    expect(screen.getByRole("link", { name: /privacy notice/i })).toHaveAttribute("href", "/privacy");
  });

  it("has a hidden, unfocusable honeypot named 'website' labelled for screen readers", () => {
    mockFetch();
    setup();
    const trap = screen.getByLabelText("Leave this field empty");
    expect(trap).toHaveAttribute("name", "website");
    expect(trap).toHaveAttribute("tabindex", "-1");
    expect(trap).toHaveAttribute("autocomplete", "off");
    expect(trap.closest("[data-honeypot]")).toHaveClass("absolute", "overflow-hidden");
  });

  it("has both live regions in the DOM before any message", () => {
    mockFetch();
    setup();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("validates with the contract: per-field messages, aria-invalid, focus on the first, nothing sent", async () => {
    const api = mockFetch();
    const { submit, user, field } = setup();
    await submit();

    expect(api.fetchMock).not.toHaveBeenCalled();
    const name = field(/^name/i);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("Error: Name is required.");
    expect(screen.getByText("Email is required.")).toBeInTheDocument();
    expect(screen.getByText("Phone is required.")).toBeInTheDocument();
    expect(screen.getByText("Message is required.")).toBeInTheDocument();

    await user.type(field(/^email/i), "not-an-email");
    expect(field(/^email/i)).toHaveAccessibleDescription("Error: Enter a valid email address.");
    await user.type(name, "Ada");
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Name is required.")).not.toBeInTheDocument();
  });

  it("shows 'Submitting...' on a disabled button while the request is in flight, then success", async () => {
    const api = mockFetch();
    const { fill, submit, field } = setup();
    await fill();
    await submit();

    const button = screen.getByRole("button", { name: "Submitting..." });
    expect(button).toBeDisabled();
    await api.sent(1);
    const { url, init, key, body } = api.call(0);
    expect(url).toBe("http://localhost:8081/contact");
    expect(init.method).toBe("POST");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 20 7946 0000",
      message: "We need a new stock system.",
      website: "",
      altcha: expect.any(String),
    });
    // The proof of work, solved while the form was filled in: a real solution of the service's challenge.
    const { challenge, solution } = JSON.parse(atob(body.altcha as string));
    expect(
      await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: TEST_CHALLENGE_SECRET }),
    ).toMatchObject({ verified: true });
    expect(api.challenges).toHaveBeenCalledTimes(1);

    await api.answer(201);
    expect(within(screen.getByRole("status")).getByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(field(/^name/i)).toHaveValue("");
    expect(field(/^email/i)).toHaveValue("");
    expect(screen.getByLabelText(/^phone/i)).toHaveValue("");
    expect(field(/^message/i)).toHaveValue("");
  });

  it("removes the success message after exactly 15 seconds", async () => {
    const api = mockFetch();
    const { fill, submit } = setup();
    await fill();
    await submit();
    await api.sent(1);
    // From here the fake clock moves only when told, so the 15 s are counted exactly: with the clock
    // following real time, a busy machine's pause after the answer ate into them.
    vi.setTimerTickMode("manual");
    await api.answer(201);
    expect(screen.getByText(SUCCESS)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(14_999));
    expect(screen.getByText(SUCCESS)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("shows the non-success message on a 500 answer and keeps what was typed", async () => {
    const api = mockFetch();
    const { fill, submit, field } = setup();
    await fill();
    await submit();
    await api.answer(500);
    expect(within(screen.getByRole("alert")).getByText(FAILURE)).toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(field(/^name/i)).toHaveValue("Ada Lovelace");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("shows the network failure message when no answer arrives", async () => {
    const api = mockFetch();
    const { fill, submit } = setup();
    await fill();
    await submit();
    await api.fail(new TypeError("Failed to fetch"));
    expect(within(screen.getByRole("alert")).getByText(UNREACHABLE)).toBeInTheDocument();
  });

  it("puts the per-field errors of a 400 answer on the fields", async () => {
    const api = mockFetch();
    const { fill, submit, field } = setup();
    await fill();
    await submit();
    await api.answer(400, {
      error: "validation_failed",
      fields: { email: ["This address cannot receive mail."], website: ["ignored"] },
    });
    expect(screen.getByText(FAILURE)).toBeInTheDocument();
    expect(field(/^email/i)).toHaveAccessibleDescription("Error: This address cannot receive mail.");
    expect(field(/^email/i)).toHaveFocus();
    expect(screen.queryByText("ignored")).not.toBeInTheDocument();
  });

  it("reuses the Idempotency-Key for an unchanged retry and renews it when data changes or after success", async () => {
    const api = mockFetch();
    const { fill, submit, user, field } = setup();
    await fill();
    await submit();
    await api.fail(new TypeError("Failed to fetch"));
    await submit(); // same data again
    await api.answer(503);
    expect(api.call(1).key).toBe(api.call(0).key);

    await user.type(field(/^message/i), " Soon.");
    await submit();
    await api.answer(500);
    expect(api.call(2).key).not.toBe(api.call(1).key);

    await submit();
    await api.answer(201);
    expect(api.call(3).key).toBe(api.call(2).key);

    await fill(); // the same person sends the same text again: a new lead, a new key
    await submit();
    await api.answer(201);
    expect(api.call(4).key).not.toBe(api.call(3).key);
    expect(new Set([0, 2, 4].map((i) => api.call(i).key)).size).toBe(3);
  });

  it("sends the honeypot value so the service can flag the lead as spam", async () => {
    const api = mockFetch();
    const { fill, submit } = setup();
    await fill();
    (screen.getByLabelText("Leave this field empty") as HTMLInputElement).value = "https://spam.example";
    await submit();
    await api.sent(1);
    expect(api.call(0).body.website).toBe("https://spam.example");
    await api.answer(201);
    expect(screen.getByLabelText("Leave this field empty")).toHaveValue("");
  });

  it("ignores a second submit while the first is in flight", async () => {
    const api = mockFetch();
    const { fill, submit, user } = setup();
    await fill();
    await submit();
    await api.sent(1);
    await user.type(screen.getByLabelText(/^phone/i), "{Enter}");
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    await api.answer(201);
  });
});
