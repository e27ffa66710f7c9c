// `npm run identity -- <command>`: the operators' backend API from a shell. Pure: arguments → request.
import { parseArgs } from "node:util";

interface IdentityRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
}

export const USAGE = `usage: npm run identity -- <command>
  users search [--email E]... [--phone P]... [--status active|pending] [--since ISO] [--until ISO] [--limit N] [--cursor C]
  users get USER_ID
  users update USER_ID [--first-name X] [--last-name Y]
  users delete USER_ID
  sessions list USER_ID
  sessions revoke SESSION_ID
  factors delete emails|phone_numbers|passwords|oauth|totps|webauthn_registrations|crypto_wallets FACTOR_ID
environment: IDENTITY_URL (default http://localhost:8080), IDENTITY_PROJECT_ID, IDENTITY_SECRET`;

export class UsageError extends Error {}

const id = (value: string | undefined, what: string) => {
  if (!value) throw new UsageError(`${what} is missing`);
  return encodeURIComponent(value);
};

export function identityRequest(argv: string[]): IdentityRequest {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string", multiple: true },
      phone: { type: "string", multiple: true },
      status: { type: "string" },
      since: { type: "string" },
      until: { type: "string" },
      limit: { type: "string" },
      cursor: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  const [noun, verb, a, b] = positionals;
  const command = `${noun ?? ""} ${verb ?? ""}`;
  switch (command) {
    case "users search": {
      const operands: { filter_name: string; filter_value: unknown }[] = [];
      if (values.email) operands.push({ filter_name: "email_address", filter_value: values.email });
      if (values.phone) operands.push({ filter_name: "phone_number", filter_value: values.phone });
      if (values.status) operands.push({ filter_name: "status", filter_value: values.status });
      if (values.since) operands.push({ filter_name: "created_at_greater_than", filter_value: values.since });
      if (values.until) operands.push({ filter_name: "created_at_less_than", filter_value: values.until });
      return {
        method: "POST",
        path: "/v1/users/search",
        body: {
          ...(values.limit && { limit: Number(values.limit) }),
          ...(values.cursor && { cursor: values.cursor }),
          query: { operator: "AND", operands },
        },
      };
    }
    case "users get":
      return { method: "GET", path: `/v1/users/${id(a, "USER_ID")}` };
    case "users update":
      return {
        method: "PUT",
        path: `/v1/users/${id(a, "USER_ID")}`,
        body: { name: { first_name: values["first-name"], last_name: values["last-name"] } },
      };
    case "users delete":
      return { method: "DELETE", path: `/v1/users/${id(a, "USER_ID")}` };
    case "sessions list":
      return { method: "GET", path: `/v1/sessions?user_id=${id(a, "USER_ID")}` };
    case "sessions revoke":
      return { method: "POST", path: "/v1/sessions/revoke", body: { session_id: a ?? "" } };
    case "factors delete":
      return { method: "DELETE", path: `/v1/users/${id(a, "the factor kind")}/${id(b, "FACTOR_ID")}` };
    default:
      throw new UsageError(`unknown command "${command.trim()}"`);
  }
}
