import { useWidget } from "../context.tsx";
import { TEXT } from "../messages.ts";
import { Shield } from "./icons.tsx";

export function Divider() {
  return (
    <div className="dbsw-divider">
      <span>{TEXT.or}</span>
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return <div className="dbsw-spinner" role="progressbar" aria-label={label} aria-busy="true" />;
}

/** The 'Powered by' footer, shown when the project's bootstrap says so. */
export function Watermark() {
  const { bootstrap } = useWidget();
  if (!bootstrap.displayWatermark) return null;
  return (
    <p className="dbsw-watermark" data-testid="watermark">
      <Shield /> {TEXT.poweredBy} <strong>Dubbing Identity</strong>
    </p>
  );
}
