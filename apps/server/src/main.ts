import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

try {
  const config = loadConfig(process.env, process.argv.slice(2));
  const server = await startServer(config);
  const roles = [...config.roles].join("+");
  console.log(`dubbing server (${roles}) ready${server.app ? ` at ${config.publicUrl}` : ""}`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
