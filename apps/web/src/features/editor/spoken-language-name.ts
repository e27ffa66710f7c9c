import type { Language, ProjectDetail } from "../../api/types.ts";

/** Pure: the spoken language the editor names: its name, or what a detection came to while it has none. */
export function spokenLanguageName(
  project: Pick<ProjectDetail, "language" | "status">,
  languages: Language[] | undefined,
): string {
  const known = languages?.find((l) => l.code === project.language)?.name;
  if (known) return known;
  if (project.language === "detect") return project.status === "failed" ? "not detected" : "detecting";
  return project.language ?? "";
}
