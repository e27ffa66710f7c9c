// The neural engine with the real model (the setup installs argos-zh-en) and the real worker.
import { afterAll, describe, expect, it } from "vitest";
import { EngineRegistry } from "../engines/registry.ts";
import { createApertiumEngine } from "./apertium.ts";
import { createArgosEngine, DEFAULT_MT_PYTHON, neuralWorkerFor, shortestFaithful } from "./argos.ts";
import { glossaryMisses } from "./glossary.ts";
import { shortenerOf } from "./shorten-line.ts";

const engine = createArgosEngine();
afterAll(() => neuralWorkerFor(DEFAULT_MT_PYTHON).close());

describe("shortestFaithful", () => {
  const text = "Today we talk about the life of small towns.";
  it("takes the shortest alternative that fits and still says the same", () => {
    const alts = [text, "Today we talk about life in small towns.", "Today: small towns.", "We eat bread."];
    expect(shortestFaithful(text, alts, 41)).toBe("Today we talk about life in small towns.");
  });
  it("keeps the translation when no alternative is shorter and faithful", () => {
    expect(shortestFaithful(text, [text, "We eat bread."], 20)).toBe(text);
  });
});

describe("Argos zh → en (real model, real worker)", () => {
  it("is available and serves Chinese (zh and cmn) into English only", async () => {
    expect(await engine.available()).toEqual({ ok: true });
    expect(await engine.route("zh", "en")).toEqual(["zh", "en"]);
    expect(await engine.route("cmn", "en")).toEqual(["cmn", "en"]);
    expect(await engine.route("en", "zh")).toBeNull();
    expect(await engine.route("zh", "de")).toBeNull();
  });

  it("translates each line on its own, empty lines stay empty", async () => {
    const r = await engine.translate(["今天我们谈论小城镇的生活。", "", "谢谢你的回答。"], "zh", "en");
    expect(r.route).toEqual(["zh", "en"]);
    expect(r.texts[0]).toMatch(/small towns/i);
    expect(r.texts[1]).toBe("");
    expect(r.texts[2]).toMatch(/thank you/i);
  });

  it("keeps the glossary's terms, spelled the glossary's way", async () => {
    const texts = ["请把河畔市场的地址发给我。", "我们在声桥工作室录音。"];
    const glossary = [
      { source: "河畔市场", target: "Riverside Market" },
      { source: "声桥", target: "SoundBridge" },
    ];
    const r = await engine.translate(texts, "zh", "en", { glossary });
    expect(glossaryMisses(texts, r.texts, glossary)).toEqual([]);
  });

  it("rewrites a line too long for its slot from the model's alternatives", async () => {
    const source = "在城市里，一套小公寓可能要花掉一半的工资。";
    const [long] = (await engine.translate([source], "zh", "en")).texts;
    const [short] = await engine.shorten!([{ source, text: long!, budget: long!.length - 1 }], "zh", "en");
    // n-best alternatives differ by a few characters: "In cities, …" for "In the city, …"
    expect(short!.length).toBeLessThan(long!.length);
    expect(short).toMatch(/apartment/);
  });

  it("goes on from English through Apertium: Chinese into Spanish and French", async () => {
    const pivoted = createArgosEngine({ pivot: createApertiumEngine() });
    expect(await pivoted.route("zh", "es")).toEqual(["zh", "en", "es"]);
    expect(await pivoted.route("zh", "fr")).toEqual(["zh", "en", "es", "fr"]);
    expect(await pivoted.route("zh", "de")).toBeNull();
    const r = await pivoted.translate(["我在一个大约两千人的村庄长大。"], "zh", "es");
    expect(r.route).toEqual(["zh", "en", "es"]);
    expect(r.texts[0]).toMatch(/pueblo|aldea/i);
  });

  it("is the rewriting engine of its own direction only (Apertium's lines are not offered a Shorten)", async () => {
    const apertium = createApertiumEngine();
    const registry = new EngineRegistry().register(createArgosEngine({ pivot: apertium })).register(apertium);
    expect((await shortenerOf(registry, undefined, { from: "zh", to: "en" }))?.id).toBe("argos");
    expect(await shortenerOf(registry, undefined, { from: "en", to: "es" })).toBeNull();
    expect(await shortenerOf(registry, undefined, { from: "zh", to: "es" })).toBeNull();
    expect(await shortenerOf(registry)).toBeNull();
  });
});
