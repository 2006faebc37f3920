import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createRoutesStub, useLocation } from "react-router";

/** Shows the current path so tests can assert navigations. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Renders `ui` inside a memory router at `path`; every path renders it (like the real layout). */
export function renderWithRouter(ui: ReactElement, path = "/") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <>
          {ui}
          <LocationProbe />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

export function setScrollY(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true, writable: true });
  window.dispatchEvent(new Event("scroll"));
}
