import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { whatsappUrl } from "~/lib/company-links";
import { ChatWidget } from "./chat-widget";

async function openChat() {
  render(<ChatWidget />);
  const button = screen.getByRole("button", { name: "Open chat" });
  expect(button).toHaveAttribute("aria-expanded", "false");
  fireEvent.click(button);
  const dialog = screen.getByRole("dialog", { name: "Chat with us" });
  // The panel content is its own chunk: wait for it.
  await within(dialog).findByText(/coming soon/i);
  return { button, dialog };
}

describe("ChatWidget", () => {
  it("opens a labelled panel saying chat is coming soon, with a WhatsApp link", async () => {
    const { button, dialog } = await openChat();
    expect(button).toHaveAttribute("aria-expanded", "true");
    const link = within(dialog).getByRole("link", { name: /WhatsApp/ });
    expect(link).toHaveAttribute("href", whatsappUrl);
    expect(link.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d+$/);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("moves focus into the panel, and Escape closes it and returns focus", async () => {
    const { dialog } = await openChat();
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open chat" })).toHaveFocus();
  });

  it("closes with the close button", async () => {
    const { dialog } = await openChat();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close chat" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open chat" })).toHaveFocus();
  });
});
