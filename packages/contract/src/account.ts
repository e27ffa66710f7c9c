import { z } from "zod";

// The account page: who the user is, how they sign in, and the export of their data.

/** Where the server's sign-in callback sends every sign-in; the web app follows a return path there only. */
export const SIGNED_IN_LANDING = "/projects";

/** One export of the user's data (a ZIP made by a job); `url` while it is ready and kept. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "ready", "failed", "expired"]),
  message: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/account. */
export const accountSchema = z.object({
  email: z.string(),
  createdAt: z.string().nullable(),
  signInMethods: z.object({
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    oauth: z.array(z.string()),
    password: z.boolean(),
  }),
  export: dataExportSchema.nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** GET /api/account/export/estimate: the ZIP's size before it is asked for. */
export const exportEstimateSchema = z.object({
  projects: z.number(),
  storyboards: z.number(),
  estimatedBytes: z.number(),
});
export type ExportEstimate = z.infer<typeof exportEstimateSchema>;

/** GET /api/account/export (null: none yet) and POST /api/account/export. */
export const exportAnswerSchema = z.object({ export: dataExportSchema.nullable() });
export type ExportAnswer = z.infer<typeof exportAnswerSchema>;

/** DELETE /api/account body: the account's email, typed by the user. */
export const deleteAccountBody = z.object({ email: z.string().max(320) });
