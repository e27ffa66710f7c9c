// The most frequent short words of the languages a dub's text is most often left in, or leaks from
// (Apertium routes through Spanish): enough to tell which of them a sentence of a few words is in.
const WORDS: Record<string, string> = {
  en: "the and of to is in it you that was for on are with as his they be at one have this from or had by not but what all were we when your can said there an which she do their if will up other about out many then them these so some her would make him into has two more go see no way could my than been who its now people did get how our just very because",
  es: "el la los las de del que y en un una es por con no se su para al lo como más pero sus le ya o este sí porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno les ni contra otros ese eso ante ellos esto mí antes algunos qué unos yo otro otras otra él tanto esa estos mucho nada muchos cual poco ella estar estas algunas algo nosotros mi tu te ti está son tiene hace puede hacer demasiado",
  fr: "le la les de des du et est un une en que qui dans pour pas au aux ce il elle sur se ne plus par avec tout nous vous mais ou son sa ses leur sont été être avoir fait comme bien aussi cette ces je tu on ils elles mon ma mes ton très là où donc peu trop",
  de: "der die das und ist nicht ein eine zu den von mit sich des auf für im dem auch es an als er sie wie aus bei wir ihr noch nach aber nur oder wird sind war vom zum zur ich du mein dein sehr kann hat",
  it: "il lo la gli le di che e è un una per non in con del della dei si sono al alla come più ma anche questo questa ho hai ha io tu lui lei noi voi loro mi ti ci molto quando perché troppo",
  pt: "o a os as de do da dos das que e é um uma em no na não por com para se mais mas ao como foi seu sua eu você ele ela nós eles muito também isso este esta já quando porque",
  nl: "de het een en van in is dat op te zijn met voor niet aan er om ook als maar dan door bij nog uit naar wat ik je we hij zij ze was heeft worden",
};

export const STOP_WORDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(WORDS).map(([lang, words]) => [lang, new Set(words.split(" "))]),
);

/** Pure: the lower-cased words of a text (letters and apostrophes inside a word). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? [];
}

/** Pure: the share of a text's words that are frequent words of `language` (null: no list for it). */
export function stopWordShare(words: readonly string[], language: string): number | null {
  const list = STOP_WORDS.get(language.split("-")[0] as string);
  if (!list || words.length === 0) return null;
  return words.filter((w) => list.has(w)).length / words.length;
}
