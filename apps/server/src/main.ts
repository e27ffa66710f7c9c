import { ConfigError, loadConfig } from "./config.ts";
import { configureLogs } from "./logs/context.ts";
import { keepNewFilesPrivate, tightenTree } from "./runtime/private-files.ts";
import { startServer } from "./server.ts";

// Before anything is written: what this process and its children create is the service user's alone.
keepNewFilesPrivate();

try {
  const config = loadConfig(process.env, process.argv.slice(2));
  // An install from before the umask (or files copied in by hand) is made private at start.
  const tightened = await tightenTree(config.dataDir);
  if (tightened.changed || tightened.refused) {
    configureLogs(config.logLevel)[tightened.refused ? "warn" : "info"](
      { dataDir: config.dataDir, ...tightened },
      `DATA_DIR: ${tightened.changed} paths made private to the service user` +
        (tightened.refused ? `; ${tightened.refused} belong to another user and stay as they are` : ""),
    );
  }
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
