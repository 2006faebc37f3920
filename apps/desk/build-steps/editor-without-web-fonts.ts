import type { Plugin } from "vite";

/** Keystatic's admin UI, as its package ships it. */
const KEYSTATIC_UI = /[\\/]@keystatic[\\/]core[\\/]dist[\\/]keystatic-core-ui\.js$/;

/** The one element of it that asks a third party for something: Google Fonts' stylesheet for Inter. */
const WEB_FONT_LINK =
  /\/\*#__PURE__\*\/jsx\("link", \{\s*href: "https:\/\/fonts\.googleapis\.com\/css2\?family=Inter[^"]*",\s*rel: "stylesheet"\s*\}\),\s*/;

/**
 * The content editor makes no request to a third party: Keystatic's UI renders a <link> to Google
 * Fonts on every page (the desk's CSP would block it, with an error in the console, but the browser
 * still tries). This build step removes that element from the library's code, so the editor uses the
 * system fonts its theme falls back to. It fails the build when the element is not where it was
 * (a Keystatic upgrade changed it): look again rather than ship a request to Google.
 */
export function editorWithoutWebFonts(): Plugin {
  let found = false;
  return {
    name: "editor-without-web-fonts",
    transform(code, id) {
      if (!KEYSTATIC_UI.test(id)) return null;
      if (!WEB_FONT_LINK.test(code)) {
        this.error(
          `${id}: Keystatic's Google Fonts <link> is not where this step expects it; check the editor for requests to a third party`,
        );
      }
      found = true;
      const out = code.replace(WEB_FONT_LINK, "");
      if (out.includes("fonts.googleapis.com"))
        this.error(`${id}: another reference to Google Fonts remains`);
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (!error && this.environment.name === "client" && !found) {
        this.error(
          "Keystatic's admin UI was not in the client build: the editor-without-web-fonts step has nothing to check",
        );
      }
    },
  };
}
