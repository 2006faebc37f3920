import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: { target: "es2022" },
  // `npm run dev -w apps/desk`: the API is the desk role of `npm start` (DESK_PORT, default 8100).
  server: { proxy: { "/api": process.env.DESK_URL ?? "http://localhost:8100" } },
});
