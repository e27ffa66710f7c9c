import type { Language, ProjectDetail } from "../../api/types.ts";

/**
 * Pure: the spoken language the editor names: its name (with how sure a detection was), or what a
 * detection came to while it has none.
 */
export function spokenLanguageName(
  project: Pick<ProjectDetail, "language" | "status"> & Partial<Pick<ProjectDetail, "detectedLanguage">>,
  languages: Language[] | undefined,
): string {
  const nameOf = (code: string) => languages?.find((l) => l.code === code)?.name;
  const heard = project.detectedLanguage;
  const sure = heard ? `${Math.round(heard.probability * 100)} % sure` : "";
  const known = nameOf(project.language);
  if (known) return heard?.language === project.language ? `${known} (detected, ${sure})` : known;
  if (project.language === "detect") {
    if (project.status !== "failed") return "detecting";
    return heard
      ? `not sure: it sounds like ${nameOf(heard.language) ?? heard.language} (${sure})`
      : "not detected";
  }
  return project.language ?? "";
}
