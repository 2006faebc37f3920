import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BackToTop } from "./back-to-top";
import { setScrollY } from "./test-utils";

afterEach(() => {
  setScrollY(0);
});

describe("BackToTop", () => {
  it("is hidden at 600 px and shown at 601 px", () => {
    setScrollY(0);
    render(<BackToTop />);
    expect(screen.queryByRole("button", { name: "Back to top" })).not.toBeInTheDocument();
    act(() => setScrollY(600));
    expect(screen.queryByRole("button", { name: "Back to top" })).not.toBeInTheDocument();
    act(() => setScrollY(601));
    expect(screen.getByRole("button", { name: "Back to top" })).toBeInTheDocument();
    act(() => setScrollY(10));
    expect(screen.queryByRole("button", { name: "Back to top" })).not.toBeInTheDocument();
  });

  it("scrolls smoothly to the top", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    setScrollY(1_000);
    render(<BackToTop />);
    fireEvent.click(screen.getByRole("button", { name: "Back to top" }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: "smooth" });
  });

  it("jumps without animation when the user prefers reduced motion", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: query.includes("reduce"), media: query })),
    );
    setScrollY(1_000);
    render(<BackToTop />);
    fireEvent.click(screen.getByRole("button", { name: "Back to top" }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: "auto" });
    vi.unstubAllGlobals();
  });
});
