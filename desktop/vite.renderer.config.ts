import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const webSource = fileURLToPath(new URL("../web/src", import.meta.url));
// Resolved as web resolves it: npm keeps some of web's packages in web/node_modules.
const fromWeb = createRequire(new URL("../web/package.json", import.meta.url));

/**
 * The desk app's renderer (`npm run build:renderer`): web's components mounted over `window.desk`, built into
 * dist/renderer with relative paths, so that Electron loads it from the file system.
 */
export default defineConfig({
  root: fileURLToPath(new URL("./src/renderer", import.meta.url)),
  base: "./",
  plugins: [react()],
  resolve: {
    alias: {
      "@": webSource,
      "@mantine/notifications/styles.css": fromWeb.resolve("@mantine/notifications/styles.css"),
    },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/renderer", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1_500,
  },
});
