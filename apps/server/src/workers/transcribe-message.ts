import { DETECT, DubError, languageName } from "@dubbing/dubbing";
import { firstLine } from "../jobs/runner.ts";

/**
 * Pure: what a failed transcription says to the user. A failed detection (no multilingual model, a
 * language this server does not serve, the worker's failure) asks for the language.
 */
export function transcribeMessage(error: unknown, language: string): string {
  if (language === DETECT) {
    const choose = 'Choose the spoken language with "Change or transcribe again".';
    if (error instanceof DubError && error.code === "no_engine")
      return `This server cannot detect the spoken language: it has no multilingual speech recognition model installed. ${choose}`;
    if (error instanceof DubError && error.code === "unsure_language")
      return `Not sure which language is spoken: ${error.message.replace(/^the spoken language is not certain: /, "")}. ${choose}`;
    if (error instanceof DubError && error.code === "unsupported_language")
      return `The language was not recognised: ${error.message}. ${choose}`;
    if (!(error instanceof DubError && (error.code === "no_audio" || error.code === "no_speech")))
      return `The spoken language could not be detected: ${firstLine(error)}. ${choose}`;
  }
  if (error instanceof DubError) {
    if (error.code === "no_engine") {
      return `No speech recognition engine for ${languageName(language)} is available on this server, so the transcript is empty. You can type it in.`;
    }
    if (error.code === "no_audio") return "This video has no audio track, so there is nothing to transcribe.";
    if (error.code === "no_speech") return "No speech was found in this video.";
  }
  return `Transcription failed: ${firstLine(error)}`;
}
