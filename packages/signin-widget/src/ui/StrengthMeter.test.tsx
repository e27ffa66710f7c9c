import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StrengthMeter } from "./StrengthMeter.tsx";

const result = (score: number, valid: boolean, warning = "") => ({
  request_id: "r",
  status_code: 200,
  valid_password: valid,
  score,
  breached_password: false,
  strength_policy: "zxcvbn" as const,
  feedback: { warning, suggestions: [] },
});

const filled = () =>
  [...document.querySelectorAll(".dbsw-meter__seg")].filter((s) => s.getAttribute("data-filled") === "true")
    .length;

describe("zxcvbn meter", () => {
  it("fills segments by score and shows the feedback warning", () => {
    render(<StrengthMeter result={result(2, false, "Add another word or two.")} />);
    expect(document.querySelectorAll(".dbsw-meter__seg")).toHaveLength(4);
    expect(filled()).toBe(2);
    expect(screen.getByText("Add another word or two.")).toBeTruthy();
    expect(screen.getByLabelText("Password strength").getAttribute("value")).toBe("2");
  });
  it("is full when the server says the password is valid", () => {
    render(<StrengthMeter result={result(3, true)} />);
    expect(filled()).toBe(4);
    expect(screen.getByText("Great job! This is a strong password.")).toBeTruthy();
  });
});
