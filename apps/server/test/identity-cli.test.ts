// `npm run identity -- …` against the real server: an operator finds a user by email and ends them.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "../src/db/schema.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";
import { signInByLink } from "./identity.ts";

const CLI = path.resolve(import.meta.dirname, "../src/cli/identity.ts");
const CREDENTIALS = {
  IDENTITY_PROJECT_ID: "project-test-99999999-9999-4999-8999-999999999999",
  IDENTITY_PUBLIC_TOKEN: "public-token-test-99999999-9999-4999-8999-999999999999",
  IDENTITY_SECRET: "secret-test-99999999999999999999999999999999",
};
let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer("embedded", CREDENTIALS);
});
afterAll(async () => {
  await ts?.close();
});

const identity = async (...args: string[]) => {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...CREDENTIALS, IDENTITY_URL: ts.baseUrl },
  });
  return JSON.parse(stdout);
};

it("finds a user by email, lists and ends their sessions, and deletes them", async () => {
  const cookie = await signInByLink(ts, "helen@example.com");
  expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).status).toBe(200);
  const found = await identity("users", "search", "--email", "Helen@example.com");
  expect(found.results).toHaveLength(1);
  const userId = found.results[0].user_id;
  const sessions = await identity("sessions", "list", userId);
  expect(sessions.sessions).toHaveLength(1);
  await identity("users", "delete", userId);
  // the app session followed the identity session: gone at once
  expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).status).toBe(401);
  expect((await identity("users", "search", "--email", "helen@example.com")).results).toEqual([]);
  // The app account closed with it: the same address signs up again into a new, empty account.
  const rows = await ts.server.database.db.select().from(users).where(eq(users.email, "helen@example.com"));
  expect(rows).toEqual([]);
  const again = await signInByLink(ts, "helen@example.com");
  expect((await api(ts.baseUrl, again, "GET", "/api/auth/me")).body.email).toBe("helen@example.com");
  expect((await api(ts.baseUrl, again, "GET", "/api/video")).body).toEqual([]);
});
