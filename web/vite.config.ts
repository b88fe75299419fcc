import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { compression } from "vite-plugin-compression2";

/** `npm start` serves the API on port 3000; the dev server and the preview forward /api to it. */
const apiProxy = { "/api": { target: "http://localhost:3000", changeOrigin: false } };

// Vite reads its configuration from a default export. The root is this folder: run from web/
// (`npm run build -w web`) or name it (`npx vite build web`).
export default defineConfig({
  base: "/",
  // Every asset also as .br and .gz beside it: the API's static files middleware sends the one the browser accepts.
  plugins: [react(), compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 })],
  // `@/…` is web/src: screens import shared components without climbing folders.
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // The budget that matters is QUALITY.md's 300 KB gzipped on the first route; this only flags one chunk
    // growing past that size before compression.
    chunkSizeWarningLimit: 700,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
