export { instrumentEngines } from "./engines.ts";
export { Metrics } from "./registry.ts";
export { metricsRoutes } from "./routes.ts";
export { workerEndpoint } from "./worker-endpoint.ts";
