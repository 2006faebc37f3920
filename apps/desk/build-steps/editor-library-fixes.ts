import type { Plugin } from "vite";

/**
 * One change to the content editor's library code (Keystatic and its UI kit), made at build time. Each
 * names the file, the exact code it expects (it must be found exactly once: a library upgrade that
 * moves it fails the build, so the fix is looked at again rather than silently lost) and why.
 */
interface LibraryFix {
  file: RegExp;
  find: RegExp;
  replace: string;
  why: string;
}

const EDITOR_LIBRARY_FIXES: LibraryFix[] = [
  {
    why: "no request to a third party: Keystatic's UI links Google Fonts' Inter stylesheet on every page (the system fonts of its theme are used instead)",
    file: /[\\/]@keystatic[\\/]core[\\/]dist[\\/]keystatic-core-ui\.js$/,
    find: /\/\*#__PURE__\*\/jsx\("link", \{\s*href: "https:\/\/fonts\.googleapis\.com\/css2\?family=Inter[^"]*",\s*rel: "stylesheet"\s*\}\),\s*/,
    replace: "",
  },
  {
    why: "axe button-name (WCAG 4.1.2): a list item's delete button is an icon with a tooltip and no name",
    file: /[\\/]@keystatic[\\/]core[\\/]dist[\\/]index-3c244051\.js$/,
    find: /jsx\(ActionButton, \{(\s*)onPress: \(\) => \{\s*onRemoveKey\(item_0\.key\);/,
    replace:
      'jsx(ActionButton, {$1"aria-label": `Delete ${label}`,$1onPress: () => {\n              onRemoveKey(item_0.key);',
  },
  {
    why: "axe aria-prohibited-attr (WCAG 4.1.2): the required asterisk of a field without an input is a <span aria-label> with no role",
    file: /[\\/]@keystar[\\/]ui[\\/]dist[\\/]keystar-ui-field\.js$/,
    find: /jsx\("span", \{\s*"aria-label": t1,\s*children: t2\s*\}\)/,
    replace: 'jsx("span", { role: t1 ? "img" : undefined, "aria-label": t1, children: t2 })',
  },
  {
    why: "axe color-contrast (WCAG 1.4.3): the dashboard's section headings are #8e8e8e on #fafafa (3.1:1); the secondary text colour passes",
    file: /[\\/]@keystatic[\\/]core[\\/]dist[\\/]keystatic-core-ui\.js$/,
    find: /casing: "uppercase",(\s*)color: "neutralTertiary",(\s*)size: "small",(\s*)weight: "bold",(\s*)elementType: "h2"/,
    replace:
      'casing: "uppercase",$1color: "neutralSecondary",$2size: "small",$3weight: "bold",$4elementType: "h2"',
  },
  {
    why: "axe aria-valid-attr-value (WCAG 4.1.2): below desktop width the sidebar is a dialog, not the split view's pane, yet the resize handle still names the pane (collapsed there) in aria-controls",
    file: /[\\/]@keystar[\\/]ui[\\/]dist[\\/]keystar-ui-split-view\.js$/,
    find: /"aria-controls": t0,(\s*)"aria-label": "Resize"/,
    replace: '"aria-controls": t2 ? undefined : t0,$1"aria-label": "Resize"',
  },
];

/**
 * The content editor's library, with the fixes above applied in the desk's client build; the build fails
 * when a fix does not find its code, or when a fix's file was never part of the build.
 */
export function editorLibraryFixes(fixes = EDITOR_LIBRARY_FIXES): Plugin {
  const applied = new Set<LibraryFix>();
  return {
    name: "editor-library-fixes",
    transform(code, id) {
      let out = code;
      for (const fix of fixes.filter((f) => f.file.test(id))) {
        const found = out.match(new RegExp(fix.find.source, `${fix.find.flags}g`))?.length ?? 0;
        if (found !== 1)
          this.error(`${id}: expected the code of this fix once, found it ${found} times (${fix.why})`);
        out = out.replace(fix.find, fix.replace);
        applied.add(fix);
      }
      if (out.includes("fonts.googleapis.com")) this.error(`${id}: a reference to Google Fonts remains`);
      return out === code ? null : { code: out, map: null };
    },
    buildEnd(error) {
      if (error || this.environment.name !== "client") return;
      const missed = fixes.filter((f) => !applied.has(f));
      if (missed.length)
        this.error(
          `editor library fixes not applied (is the editor in the build?): ${missed.map((f) => f.why).join("; ")}`,
        );
    },
  };
}
