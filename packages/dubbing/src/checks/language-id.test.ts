import { describe, expect, it } from "vitest";
import { identifyLanguage } from "./language-id.ts";

describe("identifyLanguage", () => {
  it.each([
    ["今日は小さな町の暮らしについて話します。", "ja"],
    ["오늘은 작은 마을의 삶에 대해 이야기합니다.", "ko"],
    ["今天我们谈论小城镇的生活和工作。", "zh"],
    ["Сегодня мы говорим о жизни в маленьких городах.", "ru"],
    ["اليوم نتحدث عن الحياة في المدن الصغيرة.", "ar"],
    ["आज हम छोटे शहरों में जीवन के बारे में बात कर रहे हैं।", "hi"],
    ["Today we are talking about life in small towns.", "en"],
    ["Hoy estamos hablando de la vida en los pueblos pequeños.", "es"],
    ["Ich glaube, die Zukunft der kleinen Städte ist besser.", "de"],
    ["Aujourd'hui nous parlons de la vie dans les petites villes.", "fr"],
  ])("%s reads as %s", (text, lang) => {
    expect(identifyLanguage(text)).toBe(lang);
  });

  it("says nothing of a line too short, or of Han characters alone that may be Japanese", () => {
    expect(identifyLanguage("Gracias.")).toBeNull();
    expect(identifyLanguage("東京大学")).toBeNull();
    expect(identifyLanguage("Dziękuję bardzo za rozmowę dzisiaj.")).toBeNull();
  });

  it("keeps the expected language when its frequent words are there (Portuguese beside Spanish)", () => {
    const pt = "Eu acho que é principalmente sobre a família e o tempo.";
    expect(identifyLanguage(pt, "pt")).toBe("pt");
  });
});
