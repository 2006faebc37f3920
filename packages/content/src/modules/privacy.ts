// Read from the content files in Node; the web build replaces this module with its data (vite-plugin.ts).
import { dataModules } from "../data-modules";
import { siteContent } from "../load";

export const { privacy } = dataModules["privacy"](siteContent());
