import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development Vite serves the app with hot reload and forwards API and media calls to the server.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:8080",
      "/media": "http://localhost:8080",
      "/sdk": "http://localhost:8080",
      "/v1": "http://localhost:8080",
      "/dev": "http://localhost:8080",
    },
  },
  build: { outDir: "dist", sourcemap: true, manifest: true },
});
