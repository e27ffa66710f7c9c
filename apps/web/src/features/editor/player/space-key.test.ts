// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { spaceTogglesPlay } from "./space-key.ts";

const el = (html: string) => {
  const wrap = document.createElement("div");
  wrap.innerHTML = html;
  return wrap.firstElementChild!;
};

describe("spaceTogglesPlay", () => {
  it("does not toggle while typing in a text field", () => {
    expect(spaceTogglesPlay(el("<textarea></textarea>"))).toBe(false);
    expect(spaceTogglesPlay(el('<input type="text">'))).toBe(false);
    expect(spaceTogglesPlay(el("<input>"))).toBe(false);
    expect(spaceTogglesPlay(el('<input type="search">'))).toBe(false);
    expect(spaceTogglesPlay(el("<select></select>"))).toBe(false);
  });
  it("toggles anywhere else on the page", () => {
    expect(spaceTogglesPlay(document.body)).toBe(true);
    expect(spaceTogglesPlay(el("<div></div>"))).toBe(true);
    expect(spaceTogglesPlay(el('<li tabindex="0"></li>'))).toBe(true);
    expect(spaceTogglesPlay(null)).toBe(true);
  });
  it("leaves buttons to their own Space activation", () => {
    expect(spaceTogglesPlay(el("<button></button>"))).toBe(false);
    expect(spaceTogglesPlay(el('<input type="checkbox">'))).toBe(false);
  });
});
