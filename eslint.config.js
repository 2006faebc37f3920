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

/** The rule pair that refuses, in `files`, a static or dynamic import of a folder named in `above`. */
const refuseImports = (files, above, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ regex: upwardImport(above), message }] }],
    "no-restricted-syntax": [
      "error",
      { selector: `ImportExpression > Literal[value=/${upwardImport(above)}/]`, message },
    ],
  },
});

/**
 * The server's layers (docs/architecture.md) point down: platform ← records ← features ← wiring.
 * platform imports nothing above it, records nothing but platform, and a feature the two layers
 * below and its own folder, never another feature. The wiring (app, main, features, process, the
 * commands and benchmarks) may import anything.
 */
const serverFeatures = [
  "leads",
  "privacy",
  "site-speed",
  "consultations",
  "chat",
  "publishing",
  "site",
  "desk",
];
const serverWiring = ["app", "main", "features", "process", "startup-summary", "cli", "bench"];
const serverLayerRules = [
  ["platform", ["records", ...serverFeatures, ...serverWiring]],
  ["records", [...serverFeatures, ...serverWiring]],
  ...serverFeatures.map((f) => [f, [...serverFeatures.filter((other) => other !== f), ...serverWiring]]),
].map(([folder, above]) => ({
  ...refuseImports(
    [`apps/server/src/${folder}/**/*.ts`],
    above,
    `Layers point down (platform ← records ← features ← app, docs/architecture.md): ${folder}/ must not import ${above.join(", ")}.`,
  ),
  // A domain's tests sit in its folder but run the whole server (buildApp, the wiring), as a
  // visitor's request does: the layers bind the code they test, not them.
  ignores: ["**/*.test.ts"],
}));

/** The desk's shared components and helpers serve every screen: they import no domain's folder. */
const deskDomains = ["leads", "site-speed", "consultations", "chat", "publishing", "desk"];
const deskSharedRules = ["components", "lib"].map((folder) =>
  refuseImports(
    [`apps/desk/app/${folder}/**/*.{ts,tsx}`],
    deskDomains,
    `The desk's ${folder}/ is shared by every screen: it must not import ${deskDomains.join(", ")}.`,
  ),
);

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
      // A file holds one thing (decision 0010): past 300 lines it is split.
      "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  ...layerRules,
  ...serverLayerRules,
  ...deskSharedRules,
);
