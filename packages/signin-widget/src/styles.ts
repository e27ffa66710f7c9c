import { LAYOUT } from "./constants.ts";

/**
 * The widget's stylesheet. Every rule is scoped under `S` and every class is prefixed `dbsw-`, so nothing
 * leaks out into the host page. `S` matches only `.dbsw-root` but, through `:is()` with an impossible id
 * list, carries the specificity of three ids: the reset below beats the host page's element, class and
 * single-id selectors, so host CSS does not leak in either (only `!important` host rules could; use
 * `enableShadowDOM` for a hard boundary). Inside a shadow root `:host` also cuts off inherited styles.
 * SVG is left out of the reset because `revert` would also drop its presentation attributes.
 */
const S = ":is(.dbsw-root,#dbsw#dbsw#dbsw)";

const css = `
:host { all: initial; display: block; }
${S}, ${S} :not(svg, svg *), ${S} ::before, ${S} ::after { all: revert; box-sizing: border-box; }
${S} svg { display: inline-block; vertical-align: middle; overflow: visible; }
${S} {
  display: block; position: relative; width: var(--dbsw-container-width); max-width: 100%; margin: 0;
  padding: 32px 28px 24px; background: var(--dbsw-container-bg); border: 1px solid var(--dbsw-container-border);
  border-radius: var(--dbsw-container-radius); color: var(--dbsw-primary); font-family: var(--dbsw-font);
  font-size: 16px; font-weight: 400; font-style: normal; line-height: 1.4; letter-spacing: normal;
  word-spacing: normal; text-align: left; text-transform: none; text-indent: 0; text-shadow: none;
  white-space: normal; visibility: visible; cursor: auto; direction: ltr; -webkit-font-smoothing: antialiased;
}
${S} .dbsw-stack { display: flex; flex-direction: column; gap: 16px; }
${S} .dbsw-stack--tight { gap: 8px; }
${S} .dbsw-logo { display: block; max-height: 48px; max-width: 160px; margin: 0 auto; object-fit: contain; }
${S} .dbsw-header, ${S} .dbsw-title { margin: 0; font-size: 24px; font-weight: 600; line-height: 1.25; color: var(--dbsw-primary); }
${S} .dbsw-header { text-align: center; }
${S} .dbsw-text { margin: 0; font-size: 16px; color: var(--dbsw-primary); overflow-wrap: anywhere; }
${S} .dbsw-muted { margin: 0; font-size: 14px; color: var(--dbsw-secondary); }
${S} .dbsw-strong { font-weight: 700; }
${S} .dbsw-button {
  display: flex; align-items: center; justify-content: center; gap: 10px; width: 100%; height: ${LAYOUT.buttonHeight};
  padding: 0 16px; margin: 0; font: inherit; font-size: 16px; font-weight: 600; cursor: pointer; text-decoration: none;
  border: 1px solid var(--dbsw-btn-primary-border); border-radius: var(--dbsw-btn-primary-radius);
  background: var(--dbsw-btn-primary-bg); color: var(--dbsw-btn-primary-text); transition: filter .15s, box-shadow .15s;
}
${S} .dbsw-button:hover:not(:disabled) { filter: brightness(1.12); }
${S} .dbsw-button--secondary {
  border-color: var(--dbsw-btn-secondary-border); border-radius: var(--dbsw-btn-secondary-radius);
  background: var(--dbsw-btn-secondary-bg); color: var(--dbsw-btn-secondary-text); font-weight: 600;
}
${S} .dbsw-button--secondary:hover:not(:disabled) { filter: none; background: color-mix(in srgb, var(--dbsw-btn-secondary-text) 6%, var(--dbsw-btn-secondary-bg)); }
${S} .dbsw-button:disabled {
  cursor: not-allowed; border-color: var(--dbsw-btn-disabled-border); border-radius: var(--dbsw-btn-disabled-radius);
  background: var(--dbsw-btn-disabled-bg); color: var(--dbsw-btn-disabled-text);
}
${S} .dbsw-button__icon { display: inline-flex; width: 20px; height: 20px; flex: none; align-items: center; justify-content: center; }
${S} .dbsw-button__icon svg, ${S} .dbsw-button__icon img { width: 20px; height: 20px; display: block; }
${S} .dbsw-monogram { width: 20px; height: 20px; border-radius: 5px; color: #fff; font-size: 11px; font-weight: 700; display: flex; align-items: center; justify-content: center; }
${S} :focus-visible { outline: 2px solid var(--dbsw-primary); outline-offset: 2px; }
${S} .dbsw-field { display: flex; flex-direction: column; gap: 6px; }
${S} .dbsw-label { font-size: 14px; font-weight: 600; color: var(--dbsw-primary); }
${S} .dbsw-input {
  width: 100%; height: ${LAYOUT.inputHeight}; margin: 0; padding: 0 12px; font: inherit; font-size: 16px;
  color: var(--dbsw-input-text); background: var(--dbsw-input-bg); border: 1px solid var(--dbsw-input-border);
  border-radius: var(--dbsw-input-radius); outline: none; transition: border-color .15s, box-shadow .15s;
}
${S} .dbsw-input--main { height: ${LAYOUT.mainEmailInputHeight}; }
${S} .dbsw-input::placeholder { color: var(--dbsw-input-placeholder); opacity: 1; }
${S} .dbsw-input:focus { border-color: var(--dbsw-primary); box-shadow: 0 0 0 3px color-mix(in srgb, var(--dbsw-primary) 18%, transparent); }
${S} .dbsw-input[aria-invalid="true"] { border-color: var(--dbsw-error); }
${S} .dbsw-input[readonly] { background: color-mix(in srgb, var(--dbsw-input-border) 14%, var(--dbsw-input-bg)); }
${S} .dbsw-password { position: relative; }
${S} .dbsw-password .dbsw-input { padding-right: 48px; }
${S} .dbsw-reveal {
  position: absolute; right: 4px; top: 50%; transform: translateY(-50%); width: 38px; height: 38px; padding: 0;
  display: flex; align-items: center; justify-content: center; border: 0; background: transparent; color: var(--dbsw-secondary); cursor: pointer; border-radius: 4px;
}
${S} .dbsw-phone { display: flex; gap: 8px; }
${S} .dbsw-select {
  width: ${LAYOUT.countrySelectWidth}; flex: none; height: ${LAYOUT.mainEmailInputHeight}; margin: 0; padding: 0 6px; font: inherit; font-size: 15px;
  color: var(--dbsw-input-text); background: var(--dbsw-input-bg); border: 1px solid var(--dbsw-input-border); border-radius: var(--dbsw-input-radius);
}
${S} .dbsw-error-text { margin: 0; font-size: 14px; color: var(--dbsw-error); overflow-wrap: anywhere; }
${S} .dbsw-error-text a, ${S} .dbsw-text a, ${S} .dbsw-muted a { color: inherit; text-decoration: underline; }
${S} .dbsw-divider { display: flex; align-items: center; gap: 12px; margin: 0; font-size: 14px; color: var(--dbsw-secondary); }
${S} .dbsw-divider::before, ${S} .dbsw-divider::after { content: ""; flex: 1; height: 1px; background: var(--dbsw-container-border); }
${S} .dbsw-tabs { display: flex; gap: 4px; padding: 4px; border-radius: 8px; background: color-mix(in srgb, var(--dbsw-container-border) 22%, var(--dbsw-container-bg)); }
${S} .dbsw-tab {
  flex: 1; height: 36px; margin: 0; border: 0; border-radius: 6px; background: transparent; font: inherit; font-size: 14px;
  font-weight: 600; color: var(--dbsw-secondary); cursor: pointer;
}
${S} .dbsw-tab[aria-selected="true"] { background: var(--dbsw-container-bg); color: var(--dbsw-primary); box-shadow: 0 1px 3px rgba(25,48,61,.18); }
${S} .dbsw-topbar { display: flex; align-items: center; min-height: 24px; margin: -12px 0 4px -8px; }
${S} .dbsw-back {
  display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; padding: 0; border: 0;
  border-radius: 50%; background: transparent; color: var(--dbsw-primary); cursor: pointer;
}
${S} .dbsw-back:hover { background: color-mix(in srgb, var(--dbsw-primary) 8%, transparent); }
${S} .dbsw-link {
  display: inline; padding: 0; margin: 0; border: 0; background: none; font: inherit; font-size: inherit; font-weight: 700;
  color: var(--dbsw-primary); text-decoration: underline; text-underline-offset: 2px; cursor: pointer;
}
${S} .dbsw-link:disabled { color: var(--dbsw-secondary); cursor: not-allowed; }
${S} .dbsw-otp { position: relative; display: flex; justify-content: space-between; gap: 8px; }
${S} .dbsw-otp__box {
  width: ${LAYOUT.otpBox}; height: ${LAYOUT.otpBox}; display: flex; align-items: center; justify-content: center; font-size: 22px;
  font-weight: 600; color: var(--dbsw-input-text); background: var(--dbsw-input-bg); border: 1px solid var(--dbsw-input-border); border-radius: var(--dbsw-input-radius);
}
${S} .dbsw-otp__box--active { border-color: var(--dbsw-primary); box-shadow: 0 0 0 3px color-mix(in srgb, var(--dbsw-primary) 18%, transparent); }
${S} .dbsw-otp--invalid .dbsw-otp__box { border-color: var(--dbsw-error); }
${S} .dbsw-otp__input {
  position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; padding: 0; border: 0; opacity: 0; font-size: 16px; cursor: text;
}
${S} .dbsw-meter { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; }
${S} .dbsw-meter__seg { height: 4px; border-radius: 2px; background: color-mix(in srgb, var(--dbsw-container-border) 55%, transparent); }
${S} .dbsw-meter__seg--weak { background: var(--dbsw-error); }
${S} .dbsw-meter__seg--strong { background: var(--dbsw-success); }
${S} .dbsw-checklist { display: flex; flex-direction: column; gap: 6px; margin: 0; padding: 0; list-style: none; font-size: 14px; }
${S} .dbsw-checklist li { display: flex; gap: 8px; align-items: flex-start; color: var(--dbsw-error); }
${S} .dbsw-checklist li[data-met="true"] { color: var(--dbsw-success); }
${S} .dbsw-checklist svg { flex: none; margin-top: 1px; }
${S} .dbsw-spinner {
  width: 44px; height: 44px; margin: 8px auto; border-radius: 50%; border: 4px solid color-mix(in srgb, var(--dbsw-primary) 15%, transparent);
  border-top-color: var(--dbsw-primary); animation: dbsw-spin ${LAYOUT.spinnerDuration} linear infinite;
}
@keyframes dbsw-spin { to { transform: rotate(360deg); } }
${S} .dbsw-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 16px; }
${S} .dbsw-badge {
  width: 56px; height: 56px; border-radius: 50%; display: flex; align-items: center; justify-content: center;
  background: color-mix(in srgb, var(--dbsw-success) 12%, transparent); color: var(--dbsw-success);
}
${S} .dbsw-badge--error { background: color-mix(in srgb, var(--dbsw-error) 10%, transparent); color: var(--dbsw-error); }
${S} .dbsw-badge--info { background: color-mix(in srgb, var(--dbsw-primary) 8%, transparent); color: var(--dbsw-primary); }
${S} .dbsw-mailboxes { display: flex; flex-wrap: wrap; gap: 8px; }
${S} .dbsw-mailbox {
  flex: 1 1 0; min-width: 96px; display: flex; align-items: center; justify-content: center; gap: 6px; height: 40px; padding: 0 10px;
  border: 1px solid var(--dbsw-container-border); border-radius: 4px; color: var(--dbsw-primary); font-size: 14px; font-weight: 600; text-decoration: none; white-space: nowrap;
}
${S} .dbsw-mailbox:hover { border-color: var(--dbsw-primary); }
${S} .dbsw-list { display: flex; flex-direction: column; gap: 8px; margin: 0; padding: 0; list-style: none; }
${S} .dbsw-list__item {
  display: flex; align-items: center; gap: 8px; min-height: 48px; padding: 8px 8px 8px 12px; border: 1px solid var(--dbsw-container-border); border-radius: 6px;
}
${S} .dbsw-list__name { flex: 1; min-width: 0; font-size: 15px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
${S} .dbsw-list__item .dbsw-input { height: 36px; flex: 1; }
${S} .dbsw-mini {
  height: 32px; padding: 0 10px; margin: 0; border: 1px solid var(--dbsw-container-border); border-radius: 4px; background: var(--dbsw-container-bg);
  color: var(--dbsw-primary); font: inherit; font-size: 13px; font-weight: 600; cursor: pointer;
}
${S} .dbsw-mini:disabled { color: var(--dbsw-btn-disabled-text); cursor: not-allowed; }
${S} .dbsw-mini--danger { border-color: var(--dbsw-error); background: var(--dbsw-error); color: #fff; }
${S} .dbsw-warning { display: flex; flex-direction: column; gap: 8px; padding: 12px; border-radius: 6px; background: color-mix(in srgb, var(--dbsw-error) 7%, var(--dbsw-container-bg)); }
${S} .dbsw-row { display: flex; gap: 8px; }
${S} .dbsw-toasts { position: absolute; top: 12px; left: 12px; right: 12px; z-index: 10; display: flex; flex-direction: column; gap: 8px; pointer-events: none; }
${S} .dbsw-toast {
  display: flex; align-items: center; gap: 8px; padding: 10px 14px; border-radius: 6px; font-size: 14px; font-weight: 600; pointer-events: auto;
  background: var(--dbsw-container-bg); color: var(--dbsw-primary); box-shadow: 0 4px 14px rgba(25,48,61,.18); border-left: 4px solid var(--dbsw-success);
}
${S} .dbsw-toast--error { border-left-color: var(--dbsw-error); }
${S} .dbsw-watermark { display: flex; align-items: center; justify-content: center; gap: 6px; margin: 20px 0 0; font-size: 12px; color: var(--dbsw-secondary); }
${S} .dbsw-watermark strong { font-weight: 700; color: var(--dbsw-primary); }
${S} .dbsw-onetap { min-height: ${LAYOUT.oneTapPlaceholderHeight}; }
${S} .dbsw-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@media (max-width: 440px) { ${S} { padding: 24px 18px 20px; } ${S} .dbsw-otp { gap: 4px; } }
@media (prefers-reduced-motion: reduce) { ${S} .dbsw-spinner { animation-duration: 4s; } }
`;

export const WIDGET_CSS = css;
