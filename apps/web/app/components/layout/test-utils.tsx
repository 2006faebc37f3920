export function setScrollY(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true, writable: true });
  window.dispatchEvent(new Event("scroll"));
}

/**
 * Keeps jsdom on the page when a test clicks a link: links load documents (no router), which jsdom
 * does not implement. Returns the hrefs of the links followed.
 */
export function followedLinks(): string[] {
  const followed: string[] = [];
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest("a[href]");
    if (!link) return;
    event.preventDefault();
    followed.push(link.getAttribute("href")!);
  });
  return followed;
}
