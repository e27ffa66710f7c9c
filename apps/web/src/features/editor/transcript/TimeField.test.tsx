// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DifferenceBadge } from "../translation/DifferenceBadge.tsx";
import { TimeField } from "./TimeField.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
function render(ui: React.ReactNode) {
  container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(ui));
  return root;
}
afterEach(() => container.remove());

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("TimeField", () => {
  it("commits m:s as milliseconds on Enter and shows the normalised time", () => {
    const onChange = vi.fn();
    render(<TimeField label="Start" value={1000} onChange={onChange} />);
    const input = container.querySelector("input")!;
    expect(input.value).toBe("0:01.000");
    type(input, "1:05.5");
    act(() => input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true })));
    expect(onChange).toHaveBeenCalledWith(65_500);
  });
  it("turns a negative time into 0 and refuses text that is not a time", () => {
    const onChange = vi.fn();
    render(<TimeField label="End" value={3000} onChange={onChange} />);
    const input = container.querySelector("input")!;
    type(input, "-4");
    act(() => input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true })));
    expect(onChange).toHaveBeenLastCalledWith(0);
    type(input, "soon");
    act(() => input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true })));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(container.textContent).toContain("Use s, m:s or h:m:s");
  });
});

describe("DifferenceBadge", () => {
  it("shows characters and percent, red above 15%", () => {
    render(<DifferenceBadge original={"a".repeat(20)} translated={"a".repeat(24)} />);
    const badge = container.querySelector("[data-testid=difference]")!;
    expect(badge.textContent).toBe("+4 chars · 20%");
    expect(badge.getAttribute("data-warn")).toBe("true");
    expect(badge.className).toContain("text-red-700");
  });
  it("stays neutral at 15% or less", () => {
    render(<DifferenceBadge original={"a".repeat(20)} translated={"a".repeat(17)} />);
    const badge = container.querySelector("[data-testid=difference]")!;
    expect(badge.textContent).toBe("-3 chars · 15%");
    expect(badge.getAttribute("data-warn")).toBe("false");
  });
});
