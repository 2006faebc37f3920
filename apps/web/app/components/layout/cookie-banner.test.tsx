import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COOKIES_ACCEPTED_KEY } from "~/lib/cookie-consent";
import { CONSENT_PENDING_ATTRIBUTE, CookieBanner, cookieConsentScript } from "./cookie-banner";

const findBanner = () => screen.findByRole("region", { name: "Cookies on this site" });

function storageSnapshot() {
  return JSON.stringify(Object.entries(localStorage)) + document.cookie;
}

describe("CookieBanner", () => {
  it("is shown when cookiesAccepted is not stored, with a link to the privacy notice", async () => {
    render(<CookieBanner />);
    const banner = await findBanner();
    expect(within(banner).getByRole("link", { name: "Privacy Notice" })).toHaveAttribute("href", "/privacy");
  });

  it("stays hidden once cookiesAccepted is stored", async () => {
    localStorage.setItem(COOKIES_ACCEPTED_KEY, "true");
    render(<CookieBanner />);
    // render() runs the mount effect (act): nothing is left on screen.
    expect(screen.queryByRole("region", { name: "Cookies on this site" })).not.toBeInTheDocument();
  });

  it("Accept stores 'true' and hides the banner", async () => {
    render(<CookieBanner />);
    fireEvent.click(within(await findBanner()).getByRole("button", { name: "Accept" }));
    expect(localStorage.getItem("cookiesAccepted")).toBe("true");
    expect(screen.queryByRole("region", { name: "Cookies on this site" })).not.toBeInTheDocument();
  });

  it("Decline hides the banner and stores nothing", async () => {
    render(<CookieBanner />);
    const before = storageSnapshot();
    fireEvent.click(within(await findBanner()).getByRole("button", { name: "Decline" }));
    expect(screen.queryByRole("region", { name: "Cookies on this site" })).not.toBeInTheDocument();
    expect(localStorage.getItem("cookiesAccepted")).toBeNull();
    expect(localStorage).toHaveLength(0);
    expect(storageSnapshot()).toBe(before);
  });

  it("gives Accept and Decline the same prominence", async () => {
    render(<CookieBanner />);
    const banner = await findBanner();
    expect(within(banner).getByRole("button", { name: "Accept" }).className).toBe(
      within(banner).getByRole("button", { name: "Decline" }).className,
    );
  });

  it("Cookie Settings toggles a panel whose checkboxes store nothing", async () => {
    render(<CookieBanner />);
    const banner = await findBanner();
    const toggle = within(banner).getByRole("button", { name: "Cookie Settings" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    const necessary = await within(banner).findByRole("checkbox", { name: /Necessary/ });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();

    const before = storageSnapshot();
    for (const name of ["Analytics", "Advertisement", "Functionality"]) {
      const box = within(banner).getByRole("checkbox", { name });
      expect(box).not.toBeChecked();
      expect(box).toBeEnabled();
      fireEvent.click(box);
      expect(box).toBeChecked();
      fireEvent.click(box);
      expect(box).not.toBeChecked();
      fireEvent.click(box);
    }
    expect(storageSnapshot()).toBe(before);
    expect(localStorage).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(within(banner).queryByRole("checkbox", { name: /Necessary/ })).not.toBeInTheDocument();
    // The banner is still there: settings alone neither accept nor decline.
    expect(screen.getByRole("region", { name: "Cookies on this site" })).toBeInTheDocument();
  });
});

describe("cookieConsentScript (runs from <head>, reads storage right after the first paint)", () => {
  /** The frame callbacks the script asked for; calling them stands for the browser's next frame. */
  let frames: FrameRequestCallback[] = [];
  /** Runs the script, then the next frame and the task it queues (the frame's paint comes between). */
  const run = () => {
    new Function(cookieConsentScript)();
    for (const frame of frames.splice(0)) frame(performance.now());
    vi.runOnlyPendingTimers();
  };
  const pending = () => document.documentElement.getAttribute(CONSENT_PENDING_ATTRIBUTE);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    frames = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.removeAttribute(CONSENT_PENDING_ATTRIBUTE);
  });

  it("marks consent pending when cookiesAccepted is not stored, so the prerendered banner shows", () => {
    run();
    expect(pending()).toBe("pending");
  });

  it("reads storage only in a task after the next frame, deciding till then", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem");
    new Function(cookieConsentScript)();
    // The floating dock waits for the decision (app.css), the banner stays hidden.
    expect(pending()).toBe("deciding");
    vi.runOnlyPendingTimers(); // no frame yet: nothing queued
    expect(getItem).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now()); // the frame callback only queues a task, which runs after the paint
    expect(getItem).not.toHaveBeenCalled();
    expect(pending()).toBe("deciding");
    vi.runOnlyPendingTimers();
    expect(getItem).toHaveBeenCalledWith(COOKIES_ACCEPTED_KEY);
    expect(pending()).toBe("pending");
  });

  it("leaves the banner hidden once cookiesAccepted is stored", () => {
    localStorage.setItem(COOKIES_ACCEPTED_KEY, "true");
    run();
    expect(pending()).toBeNull();
  });

  it("treats blocked storage as no consent, like the banner itself", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    run();
    expect(pending()).toBe("pending");
  });

  describe("before hydration it answers the prerendered banner's Accept and Decline", () => {
    /** The banner as prerendered: React renders it, nothing hydrates it here. */
    const prerendered = () => {
      const { unmount } = render(<CookieBanner />);
      const html = document.body.innerHTML;
      unmount();
      document.body.innerHTML = html;
      return screen.getByRole("region", { name: "Cookies on this site" });
    };
    afterEach(() => {
      document.body.innerHTML = "";
      delete document.documentElement.dataset.hydrated;
      localStorage.clear();
    });

    it("Accept stores 'true' and hides the banner", () => {
      run();
      const banner = prerendered();
      within(banner).getByRole("button", { name: "Accept" }).click();
      expect(localStorage.getItem(COOKIES_ACCEPTED_KEY)).toBe("true");
      expect(pending()).toBeNull();
    });

    it("Decline hides the banner and stores nothing", () => {
      run();
      const banner = prerendered();
      within(banner).getByRole("button", { name: "Decline" }).click();
      expect(localStorage.length).toBe(0);
      expect(document.cookie).toBe("");
      expect(pending()).toBeNull();
    });

    it("answers a click that the document stops in its capture phase, as hydrating React does", () => {
      run();
      const banner = prerendered();
      const stop = (event: Event) => event.stopPropagation();
      document.addEventListener("click", stop, true);
      try {
        within(banner).getByRole("button", { name: "Decline" }).click();
      } finally {
        document.removeEventListener("click", stop, true);
      }
      expect(pending()).toBeNull();
    });

    it("leaves every click to React once the page is hydrated", () => {
      run();
      const banner = prerendered();
      document.documentElement.dataset.hydrated = "true";
      within(banner).getByRole("button", { name: "Accept" }).click();
      expect(localStorage.getItem(COOKIES_ACCEPTED_KEY)).toBeNull();
      expect(pending()).toBe("pending");
    });
  });
});
