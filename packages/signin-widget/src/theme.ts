import { LAYOUT } from "./constants.ts";

interface ButtonTheme {
  backgroundColor?: string;
  textColor?: string;
  borderColor?: string;
  borderRadius?: string;
}

/** The theme: fonts, colours, container, buttons, inputs, logo, hide header. */
export interface Theme {
  fontFamily?: string;
  hideHeaderText?: boolean;
  colors?: { primary?: string; secondary?: string; success?: string; error?: string };
  container?: { backgroundColor?: string; borderColor?: string; borderRadius?: string; width?: string };
  buttons?: { primary?: ButtonTheme; secondary?: ButtonTheme; disabled?: ButtonTheme };
  inputs?: {
    backgroundColor?: string;
    borderColor?: string;
    borderRadius?: string;
    placeholderColor?: string;
    textColor?: string;
  };
  logo?: { logoImageUrl?: string };
}

const DARK_TEAL = "#19303d";
const DARK_RED = "#8b1214";

/** The specified defaults. */
export const DEFAULT_THEME = {
  fontFamily: "Arial, Helvetica, sans-serif",
  colors: { primary: DARK_TEAL, secondary: "#5c727d", success: "#0c5a56", error: DARK_RED },
  container: {
    backgroundColor: "#ffffff",
    borderColor: "#adbcc5",
    borderRadius: LAYOUT.containerRadius,
    width: LAYOUT.containerWidth,
  },
  buttons: {
    primary: {
      backgroundColor: DARK_TEAL,
      textColor: "#ffffff",
      borderColor: DARK_TEAL,
      borderRadius: "4px",
    },
    secondary: {
      backgroundColor: "#ffffff",
      textColor: DARK_TEAL,
      borderColor: DARK_TEAL,
      borderRadius: "4px",
    },
    disabled: {
      backgroundColor: "#f3f5f6",
      textColor: "#8296a1",
      borderColor: "#f3f5f6",
      borderRadius: "4px",
    },
  },
  inputs: {
    backgroundColor: "#ffffff",
    borderColor: "#adbcc5",
    borderRadius: "4px",
    placeholderColor: "#8296a1",
    textColor: DARK_TEAL,
  },
};

/** The theme as CSS custom properties on the widget root (every style reads these). */
export function themeVariables(theme: Theme = {}): Record<string, string> {
  const d = DEFAULT_THEME;
  const c = { ...d.colors, ...theme.colors };
  const box = { ...d.container, ...theme.container };
  const inp = { ...d.inputs, textColor: c.primary, ...theme.inputs };
  // Buttons and input text follow the primary colour unless themed themselves.
  const follow = {
    primary: { backgroundColor: c.primary, borderColor: c.primary },
    secondary: { textColor: c.primary, borderColor: c.primary },
    disabled: {},
  };
  const btn = (k: "primary" | "secondary" | "disabled") => ({
    ...d.buttons[k],
    ...follow[k],
    ...theme.buttons?.[k],
  });
  const p = btn("primary");
  const s = btn("secondary");
  const x = btn("disabled");
  return {
    "--dbsw-font": theme.fontFamily ?? d.fontFamily,
    "--dbsw-primary": c.primary,
    "--dbsw-secondary": c.secondary,
    "--dbsw-success": c.success,
    "--dbsw-error": c.error,
    "--dbsw-container-bg": box.backgroundColor,
    "--dbsw-container-border": box.borderColor,
    "--dbsw-container-radius": box.borderRadius,
    "--dbsw-container-width": box.width,
    "--dbsw-input-bg": inp.backgroundColor,
    "--dbsw-input-border": inp.borderColor,
    "--dbsw-input-radius": inp.borderRadius,
    "--dbsw-input-placeholder": inp.placeholderColor,
    "--dbsw-input-text": inp.textColor,
    "--dbsw-btn-primary-bg": p.backgroundColor,
    "--dbsw-btn-primary-text": p.textColor,
    "--dbsw-btn-primary-border": p.borderColor,
    "--dbsw-btn-primary-radius": p.borderRadius,
    "--dbsw-btn-secondary-bg": s.backgroundColor,
    "--dbsw-btn-secondary-text": s.textColor,
    "--dbsw-btn-secondary-border": s.borderColor,
    "--dbsw-btn-secondary-radius": s.borderRadius,
    "--dbsw-btn-disabled-bg": x.backgroundColor,
    "--dbsw-btn-disabled-text": x.textColor,
    "--dbsw-btn-disabled-border": x.borderColor,
    "--dbsw-btn-disabled-radius": x.borderRadius,
  };
}
