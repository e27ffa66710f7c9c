import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { loadEmailTemplates } from "./mount.ts";

it("loads IDENTITY_EMAIL_TEMPLATES_DIR's HTML files by template id (and locale)", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "dub-templates-"));
  try {
    await writeFile(path.join(dir, "magic_link_login.html"), "<p>{{url}}</p>");
    await writeFile(path.join(dir, "magic_link_login.es.html"), "<p>Hola {{url}}</p>");
    await writeFile(path.join(dir, "notes.txt"), "not a template");
    expect(await loadEmailTemplates(dir)).toEqual({
      magic_link_login: "<p>{{url}}</p>",
      "magic_link_login.es": "<p>Hola {{url}}</p>",
    });
    expect(await loadEmailTemplates(undefined)).toEqual({});
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
