import type { ButtonHTMLAttributes, ReactNode } from "react";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary";
  icon?: ReactNode;
};

/** A full-width button (45 px high, as specified). */
export function Button({ variant = "primary", icon, children, className, type = "button", ...rest }: Props) {
  const cls = ["dbsw-button", variant === "secondary" ? "dbsw-button--secondary" : "", className ?? ""]
    .join(" ")
    .trim();
  return (
    <button type={type} className={cls} {...rest}>
      {icon ? <span className="dbsw-button__icon">{icon}</span> : null}
      <span>{children}</span>
    </button>
  );
}
