import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `npm run build`: the standalone ESM bundle (React bundled in) for pages without React:
// dist/signin-widget.js exporting mount, mountResetPassword, mountPasskeyRegistration and createIdentityClient.
export default defineConfig({
  plugins: [react()],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "dist",
    sourcemap: true,
    lib: { entry: "src/standalone.ts", formats: ["es"], fileName: () => "signin-widget.js" },
  },
});
