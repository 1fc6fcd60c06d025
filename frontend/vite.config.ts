import { resolve } from "node:path";

const here = import.meta.dirname;
import { defineConfig } from "vitest/config";

// The build goes straight into the Django app's static folder with stable file names, so the
// templates can reference editor.js / editor.css without a manifest.
export default defineConfig({
  base: "./",
  build: {
    outDir: resolve(here, "../swell_annot/editor/static/editor"),
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    lib: {
      entry: resolve(here, "src/main.ts"),
      formats: ["es"],
      fileName: () => "editor.js",
      cssFileName: "editor",
    },
  },
  test: {
    environment: "node",
    include: ["tests/**/*.test.ts"],
  },
});
