import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { WIDGET_CSS } from "./styles.ts";
import { type Theme, themeVariables } from "./theme.ts";

/**
 * The widget's box: the theme as CSS variables plus the scoped stylesheet, rendered in place or, with
 * `shadow`, inside an open shadow root of a host element (a hard style boundary both ways).
 */
export function Shell({
  theme,
  shadow,
  children,
}: {
  theme?: Theme | undefined;
  shadow?: boolean | undefined;
  children: ReactNode;
}) {
  const box = (
    <div className="dbsw-root" style={themeVariables(theme)} data-dbsw-widget="">
      <style>{WIDGET_CSS}</style>
      {children}
    </div>
  );
  if (!shadow) return box;
  return <ShadowHost>{box}</ShadowHost>;
}

function ShadowHost({ children }: { children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const el = host.current;
    if (el) setRoot(el.shadowRoot ?? el.attachShadow({ mode: "open" }));
  }, []);
  return (
    <div ref={host} data-dbsw-shadow-host="">
      {root ? createPortal(children, root) : null}
    </div>
  );
}
