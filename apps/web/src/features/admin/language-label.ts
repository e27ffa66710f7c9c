/** Pure: a language's name with its code, once: "Spanish (es)", and "Chinese (zh)" as it is already named. */
export function languageLabel(l: { name: string; code: string }): string {
  return l.name.includes(`(${l.code})`) ? l.name : `${l.name} (${l.code})`;
}
