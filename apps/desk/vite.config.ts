import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { editorLibraryFixes } from "./build-steps/editor-library-fixes";

export default defineConfig({
  plugins: [editorLibraryFixes(), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The content editor's chunk (Keystatic's admin UI, about 0.9 MB gzip) loads on its own page only.
  build: { target: "es2022", chunkSizeWarningLimit: 3000 },
  // `npm run dev -w apps/desk`: the API is the desk role of `npm start` (DESK_PORT, default 8100).
  server: { proxy: { "/api": process.env.DESK_URL ?? "http://localhost:8100" } },
});
