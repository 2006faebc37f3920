import type { EngineBrowser, EngineName } from "./driver";
import { launchChromium, launchFirefox } from "./puppeteer";
import { launchWebKit } from "./webkit";

/** Starts one browser of the named engine. */
export function launchEngine(name: EngineName): Promise<EngineBrowser> {
  switch (name) {
    case "chromium":
      return launchChromium();
    case "firefox":
      return launchFirefox();
    case "webkit":
      return launchWebKit();
  }
}
