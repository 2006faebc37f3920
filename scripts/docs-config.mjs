// `npm run docs:config`: rewrites the reference tables of docs/configuration.md from the schemas that
// parse the variables (scripts/config-reference.mjs). Run it after adding or changing a variable.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PAGE, checkPage } from "./config-reference.mjs";

const [current, expected] = await checkPage();
if (current === expected) {
  console.log(`${PAGE} is up to date`);
} else {
  await writeFile(fileURLToPath(new URL(`../${PAGE}`, import.meta.url)), expected);
  console.log(`${PAGE} written`);
}
