import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { productsMenu } from "~/lib/navigation";
import { Header } from "./header";
import { DROPDOWN_CLOSE_DELAY_MS } from "./nav-dropdown";
import { followedLinks, setScrollY } from "./test-utils";

/** user-event awaits real timeouts internally (Testing Library's async wrapper), so keyboard tests
 * that need no timer run on real timers. */
function keyboardUser() {
  vi.useRealTimers();
  return userEvent.setup();
}

const banner = () => screen.getByRole("banner");
const desktopNav = () => screen.getByRole("navigation", { name: "Main" });
const productsButton = () => within(desktopNav()).getByRole("button", { name: "Products" });
const servicesButton = () => within(desktopNav()).getByRole("button", { name: "Services" });

beforeEach(() => {
  vi.useFakeTimers();
  setScrollY(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Header background", () => {
  it("turns translucent white only after scrolling more than 20 px", () => {
    render(<Header pathname="/" />);
    expect(banner()).toHaveAttribute("data-solid", "false");
    expect(banner().className).toContain("bg-transparent");

    act(() => setScrollY(20));
    expect(banner()).toHaveAttribute("data-solid", "false");

    act(() => setScrollY(21));
    expect(banner()).toHaveAttribute("data-solid", "true");
    expect(banner().className).toContain("bg-white/90");

    act(() => setScrollY(0));
    expect(banner()).toHaveAttribute("data-solid", "false");
  });

  it("is solid while the mobile menu is open, even at the top", () => {
    render(<Header pathname="/" />);
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(banner()).toHaveAttribute("data-solid", "true");
    expect(banner().className).toContain("bg-white/90");
  });
});

describe("Desktop dropdowns", () => {
  it("opens on hover and closes exactly 200 ms after the pointer leaves", () => {
    render(<Header pathname="/" />);
    const button = productsButton();
    expect(button).toHaveAttribute("aria-expanded", "false");

    fireEvent.pointerEnter(button, { pointerType: "mouse" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(panel).toBeVisible();

    fireEvent.pointerLeave(button, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS - 1));
    expect(button).toHaveAttribute("aria-expanded", "true");
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(panel).not.toBeVisible();
  });

  it("cancels the close when the pointer re-enters within 200 ms", () => {
    render(<Header pathname="/" />);
    const button = servicesButton();
    fireEvent.pointerEnter(button, { pointerType: "mouse" });
    fireEvent.pointerLeave(button, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(150));
    fireEvent.pointerEnter(button, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(1_000));
    expect(button).toHaveAttribute("aria-expanded", "true");
  });

  it("lists the eight products in the spec's order, with descriptions", () => {
    render(<Header pathname="/" />);
    fireEvent.click(productsButton());
    const panel = document.getElementById(productsButton().getAttribute("aria-controls")!)!;
    const links = within(panel).getAllByRole("link");
    expect(links.map((l) => l.querySelector("span")?.textContent)).toEqual([
      "E-commerce Platform",
      "Shopping Cart System",
      "Point of Sales (POS)",
      "Stock Management System",
      "Health Care Management System",
      "Warehouse Management System",
      "HR Management System",
      "Library Management System",
    ]);
    expect(links[0]).toHaveTextContent(productsMenu[0]!.description);
    expect(links[0]).toHaveAttribute("href", "/products/ecommerce-platform");
  });

  it("opens by keyboard, and Escape closes it and returns focus to the button", async () => {
    const user = keyboardUser();
    render(<Header pathname="/" />);
    const button = servicesButton();
    button.focus();
    await user.keyboard("{Enter}");
    expect(button).toHaveAttribute("aria-expanded", "true");
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    const links = within(panel).getAllByRole("link");
    expect(links.map((l) => [l.querySelector("span")?.textContent, l.getAttribute("href")])).toEqual([
      ["View All Services", "/services"],
      ["Our Packages", "/packages"],
    ]);

    await user.tab();
    expect(links[0]).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();

    await user.keyboard(" ");
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.keyboard(" ");
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("closes when focus leaves the dropdown", async () => {
    const user = keyboardUser();
    render(<Header pathname="/" />);
    const button = servicesButton();
    button.focus();
    await user.keyboard("{Enter}");
    await user.tab(); // View All Services
    await user.tab(); // Our Packages
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.tab(); // Products button: outside the Services dropdown
    expect(productsButton()).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the dropdown when a link in it is followed", () => {
    const followed = followedLinks();
    render(<Header pathname="/" />);
    fireEvent.click(servicesButton());
    fireEvent.click(screen.getByRole("link", { name: /^Our Packages/ }));
    expect(followed).toEqual(["/packages"]);
    expect(servicesButton()).toHaveAttribute("aria-expanded", "false");
  });
});

describe("Active state", () => {
  it("marks the active link with aria-current=page", () => {
    render(<Header pathname="/about" />);
    expect(within(desktopNav()).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    expect(within(desktopNav()).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    expect(within(desktopNav()).getByRole("link", { name: "About" }).className).toContain("text-brand-700");
  });

  it("highlights Services for /services/… and Products for /products/…", () => {
    const { unmount } = render(<Header pathname="/services/internet-services" />);
    expect(servicesButton()).toHaveAttribute("data-active", "true");
    expect(servicesButton().className).toContain("bg-brand-50");
    expect(productsButton()).not.toHaveAttribute("data-active");
    unmount();

    render(<Header pathname="/products/pos" />);
    expect(productsButton()).toHaveAttribute("data-active", "true");
    expect(productsButton().className).toContain("bg-brand-50");
    expect(servicesButton()).not.toHaveAttribute("data-active");
  });
});

describe("Mobile menu", () => {
  const openMenu = () => {
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    return screen.getByRole("navigation", { name: "Mobile" });
  };

  it("toggles with the menu button and lists the links in order", () => {
    render(<Header pathname="/" />);
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();
    const nav = openMenu();
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const items = within(nav)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement?.parentElement === nav.firstElementChild);
    expect(items.map((li) => li.firstElementChild?.textContent)).toEqual([
      "Home",
      "Services",
      "Packages",
      "Products",
      "About",
      "Careers",
      "Contact",
    ]);
    expect(within(nav).getByRole("link", { name: "Request a Quote" })).toHaveAttribute("href", "/quote");
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();
  });

  it("expands a Products list of seven products without the library system", () => {
    render(<Header pathname="/" />);
    const nav = openMenu();
    const products = within(nav).getByRole("button", { name: "Products" });
    expect(products).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(products);
    expect(products).toHaveAttribute("aria-expanded", "true");
    const list = document.getElementById(products.getAttribute("aria-controls")!)!;
    const links = within(list).getAllByRole("link");
    expect(links).toHaveLength(7);
    expect(links.map((l) => l.textContent)).not.toContain("Library Management System");
    expect(links.map((l) => l.textContent)).toEqual(
      productsMenu.filter((p) => p.inMobileMenu).map((p) => p.label),
    );
  });

  it("closes when a link is clicked, and navigates", () => {
    const followed = followedLinks();
    render(<Header pathname="/" />);
    const nav = openMenu();
    fireEvent.click(within(nav).getByRole("link", { name: "Careers" }));
    expect(followed).toEqual(["/careers"]);
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on Escape and returns focus to the menu button", () => {
    render(<Header pathname="/" />);
    openMenu();
    fireEvent.keyDown(document, { key: "Escape" });
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });
});
