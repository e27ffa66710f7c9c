// `npm run identity -- users search --email someone@example.com`: calls the identity provider's backend
// API with the project secret and prints its JSON answer.
import { identityRequest, USAGE, UsageError } from "./identity-args.ts";

const base = (process.env.IDENTITY_URL ?? "http://localhost:8080").replace(/\/$/, "");
const projectId = process.env.IDENTITY_PROJECT_ID;
const secret = process.env.IDENTITY_SECRET;

try {
  if (!projectId || !secret) throw new UsageError("set IDENTITY_PROJECT_ID and IDENTITY_SECRET");
  const request = identityRequest(process.argv.slice(2));
  const res = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: {
      authorization: `Basic ${Buffer.from(`${projectId}:${secret}`).toString("base64")}`,
      ...(request.body !== undefined && { "content-type": "application/json" }),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  console.log(JSON.stringify(await res.json(), null, 2));
  process.exitCode = res.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof UsageError ? `${error.message}\n${USAGE}` : (error as Error).message);
  process.exitCode = 2;
}
