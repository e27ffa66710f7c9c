import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { identityDevServer } from "./identity-dev-server.ts";

const PORT = Number(process.env.DEMO_PORT ?? 5180);
const here = path.dirname(fileURLToPath(import.meta.url));

// `npm run demo -w @dubbing/signin-widget`: the widget with every product on, against a real identity
// server running in memory inside this dev server. Open http://localhost:5180.
export default defineConfig({
  root: here,
  plugins: [react(), identityDevServer(`http://localhost:${PORT}`)],
  server: { port: PORT, strictPort: true },
});
