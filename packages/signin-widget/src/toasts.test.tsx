import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster, type ToastKind, useToasts } from "./toasts.tsx";

let api: ReturnType<typeof useToasts>;
function Harness() {
  api = useToasts();
  return <Toaster toasts={api.toasts} dismiss={api.dismiss} />;
}
const show = (kind: ToastKind, text: string) => act(() => void api.show(kind, text));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("toasts (§9)", () => {
  it("keeps at most 20, dropping the oldest", () => {
    render(<Harness />);
    for (let i = 1; i <= 22; i++) show("loading", `t${i}`);
    expect(api.toasts).toHaveLength(20);
    expect(api.toasts[0]?.text).toBe("t3");
  });

  it("success lasts 2000 ms, error 4000 ms, loading until dismissed", () => {
    render(<Harness />);
    show("success", "Code resent");
    show("error", "Oops");
    show("loading", "Working");
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText("Code resent")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Code resent")).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText("Oops")).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("Working")).toBeTruthy();
    expect(screen.getByRole("status").getAttribute("aria-live")).toBe("polite");
  });
});
