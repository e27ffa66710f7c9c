// The standalone ESM bundle for pages without React (React is bundled in): the mount functions plus the
// identity client they need.
export { createIdentityClient } from "@dubbing/identity-client";
export * from "./index.ts";
