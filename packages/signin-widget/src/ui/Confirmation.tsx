import type { ReactNode } from "react";
import { Alert, Check, Mail } from "./icons.tsx";
import { Title } from "./Title.tsx";

const BADGES = {
  success: { cls: "dbsw-badge", icon: <Check size={28} /> },
  error: { cls: "dbsw-badge dbsw-badge--error", icon: <Alert /> },
  mail: { cls: "dbsw-badge dbsw-badge--info", icon: <Mail /> },
};

/** A centred result screen: badge, heading, optional text and actions. */
export function Confirmation({
  kind,
  title,
  children,
}: {
  kind: keyof typeof BADGES;
  title: string;
  children?: ReactNode;
}) {
  const badge = BADGES[kind];
  return (
    <div className="dbsw-center">
      <div className={badge.cls}>{badge.icon}</div>
      <Title center>{title}</Title>
      {children}
    </div>
  );
}
