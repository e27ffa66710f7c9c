import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { type SeenAnswer, watchAnswers } from "./http.ts";

// Checks real answers against the published OpenAPI document (GET /api/openapi.json): the operation the
// path and method match, a status it documents (not only `default`), and a body its JSON Schema accepts.

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON, read by the paths OpenAPI defines
export type Json = Record<string, any>;

interface Template {
  path: string;
  pattern: RegExp;
  params: number;
}

export function answerChecker(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // Literal paths before templated ones: /api/video/transcript/{id} is not /api/video/{id}/….
  const templates: Template[] = Object.keys(document.paths)
    .map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
      params: (path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  const compiled = new Map<string, ValidateFunction>();
  const checked = new Set<string>();

  /** The problems of one answer (empty: it matches the document). */
  function check(answer: SeenAnswer): string[] {
    const path = new URL(answer.url, "http://x").pathname;
    // The document is of /api; the identity provider's /sdk and /v1 APIs are described in docs/IDENTITY.md.
    if (!/^\/api(\/|$)/.test(path)) return [];
    const method = answer.method.toLowerCase();
    const what = `${answer.method} ${path} → ${answer.status}`;
    const template = templates.find((t) => t.pattern.test(path) && document.paths[t.path][method]);
    if (!template) return [`${what}: no operation in the document`];
    const operation = document.paths[template.path][method];
    const response = operation.responses[String(answer.status)];
    if (!response) return [`${what}: status not documented for ${answer.method} ${template.path}`];
    const key = `${answer.method} ${template.path} ${answer.status}`;
    checked.add(key);
    const content = response.content as Json | undefined;
    if (!content) return answer.text === "" ? [] : [`${what}: documented without a body, but answered one`];
    const json = content["application/json"];
    if (!json) {
      const type = answer.contentType.split(";")[0]!.trim();
      return type in content ||
        Object.keys(content).some((c) => c.startsWith("text/") && type.startsWith("text/"))
        ? []
        : [`${what}: answered ${type}, documented ${Object.keys(content).join(", ")}`];
    }
    if (!answer.contentType.startsWith("application/json"))
      return [`${what}: answered ${answer.contentType}, not JSON`];
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(json.schema);
      compiled.set(key, validate);
    }
    if (validate(answer.body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${what}: ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }

  /** Every JSON Schema of the document compiles (draft 2020-12). */
  function compileAll() {
    for (const [path, item] of Object.entries(document.paths as Json))
      for (const [method, op] of Object.entries(item as Json)) {
        const schemas = [
          ...Object.values((op.requestBody?.content ?? {}) as Json).map((c) => c.schema),
          ...Object.values(op.responses as Json).flatMap((r) =>
            Object.values((r.content ?? {}) as Json).map((c) => c.schema),
          ),
          ...((op.parameters ?? []) as Json[]).map((p) => p.schema),
        ];
        for (const schema of schemas) {
          try {
            ajv.compile(schema);
          } catch (error) {
            throw new Error(`${method.toUpperCase()} ${path}: ${(error as Error).message}`);
          }
        }
      }
  }

  return { check, compileAll, checked };
}

/**
 * For a test file: checks every answer `api` and `upload` receive from `start` to `stop` against the
 * document the server publishes; `mismatches` lists what did not match.
 */
export function documentedAnswers() {
  const mismatches: string[] = [];
  let checker: ReturnType<typeof answerChecker> | null = null;
  let stop = () => {};
  return {
    mismatches,
    /** The `METHOD /path status` keys the answers reached. */
    checked: () => [...(checker?.checked ?? [])].sort(),
    async start(baseUrl: string) {
      const res = await fetch(`${baseUrl}/api/openapi.json`);
      checker = answerChecker((await res.json()) as Json);
      const current = checker;
      stop = watchAnswers((answer) => mismatches.push(...current.check(answer)));
    },
    stop: () => stop(),
  };
}
