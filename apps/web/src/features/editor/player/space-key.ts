/** Space toggles play unless a text field has focus; controls that use Space themselves
 * (checkboxes, buttons, links) keep it, so one press never acts twice. */
export function spaceTogglesPlay(target: EventTarget | null): boolean {
  if (!target || !(target instanceof Element)) return true;
  const el = target as HTMLElement;
  if (el.isContentEditable) return false;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT" || tag === "INPUT") return false;
  // Buttons, links and summaries are activated by Space natively; toggling too would act twice.
  if (tag === "BUTTON" || tag === "SUMMARY" || tag === "A") return false;
  return true;
}
