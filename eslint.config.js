import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports in the web app run one way: lib → components → routes (root.tsx and routes.ts count as
 * routes); the site's copy comes from @site/content/data/<name>, below them all. For each lower
 * layer, the layers it must not import: a path (alias `~/` or relative) with one of their folders, or
 * the root/routes module, in it. Written with \x2F for "/" so
 * that the same pattern serves dynamic import() through a selector, whose regex cannot hold a slash.
 */
const importsAbove = {
  lib: ["components", "routes", "root"],
  components: ["routes", "root"],
};
const upwardImport = (above) => `^(~|\\.{1,2})\\x2F(.*\\x2F)?(${above.join("|")})(\\x2F|\\.tsx?$|$)`;
const layerRules = Object.entries(importsAbove).map(([layer, above]) => {
  const message = `Imports run lib → components → routes: ${layer} must not import ${above.join(", ")}.`;
  return {
    files: [`apps/web/app/${layer}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: upwardImport(above), message }] }],
      "no-restricted-syntax": [
        "error",
        { selector: `ImportExpression > Literal[value=/${upwardImport(above)}/]`, message },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      "**/build-chat/**",
      "**/dist/**",
      "**/.react-router/**",
      "**/test-results/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  ...layerRules,
);
