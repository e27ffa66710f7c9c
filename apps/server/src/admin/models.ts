import type { AdminModels } from "@dubbing/contract";
import { SHARED_MODELS_DIR } from "@dubbing/dubbing/asr/faster-whisper.ts";
import { modelDirs } from "@dubbing/dubbing/models/installed.ts";
import { listModels } from "@dubbing/dubbing/models/store.ts";

/**
 * The catalogue's models, installed or not, where the engines read them: the server's models folder
 * (MODELS_DIR, else DATA_DIR/models), then the checkout's shared one that the setup fills.
 */
export async function modelsNow(modelsDir: string | undefined): Promise<AdminModels> {
  const models = await listModels(modelDirs(modelsDir, SHARED_MODELS_DIR));
  return {
    diskBytes: models.reduce((sum, m) => sum + m.diskBytes, 0),
    models: models.map((m) => ({ ...m, languages: [...m.languages] })),
  };
}
