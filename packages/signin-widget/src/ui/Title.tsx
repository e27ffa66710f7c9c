import { useEffect, useRef } from "react";
import { useWidget } from "../context.tsx";

/**
 * A screen's heading. After the user moved between screens, the new screen's heading takes the focus so
 * keyboard and screen-reader users land at the start of it.
 */
export function Title({ children, center = false }: { children: string; center?: boolean }) {
  const { navigated } = useWidget();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (navigated) ref.current?.focus({ preventScroll: true });
  }, [navigated]);
  return (
    <h2 ref={ref} tabIndex={-1} className="dbsw-title" style={center ? { textAlign: "center" } : undefined}>
      {children}
    </h2>
  );
}
