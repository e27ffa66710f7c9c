import type { ReactNode } from "react";

/** Inline SVG icons (stroke icons use currentColor). */
type P = { size?: number };

/** Decorative: hidden from assistive technology (the control around it carries the name). */
function Stroke({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

function Brand({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24">
      {children}
    </svg>
  );
}

export const ArrowLeft = ({ size = 22 }: P) => (
  <Stroke size={size}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Stroke>
);
export const Check = ({ size = 16 }: P) => (
  <Stroke size={size}>
    <path d="M20 6 9 17l-5-5" />
  </Stroke>
);
export const Cross = ({ size = 16 }: P) => (
  <Stroke size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Stroke>
);
export const Eye = ({ size = 20 }: P) => (
  <Stroke size={size}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Stroke>
);
export const EyeOff = ({ size = 20 }: P) => (
  <Stroke size={size}>
    <path d="M17.94 17.94A10.07 10.07 0 0 1 12 20c-7 0-11-8-11-8a18.45 18.45 0 0 1 5.06-5.94M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 8 11 8a18.5 18.5 0 0 1-2.16 3.19M14.12 14.12a3 3 0 1 1-4.24-4.24M1 1l22 22" />
  </Stroke>
);
export const Mail = ({ size = 28 }: P) => (
  <Stroke size={size}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </Stroke>
);
export const Key = ({ size = 20 }: P) => (
  <Stroke size={size}>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.85 12.15 8.65-8.65M18 5l2 2M15 8l2 2" />
  </Stroke>
);
export const Wallet = ({ size = 20 }: P) => (
  <Stroke size={size}>
    <path d="M20 7H5a2 2 0 0 1 0-4h13v4" />
    <path d="M3 5v14a2 2 0 0 0 2 2h15V7" />
    <circle cx="16" cy="14" r="1.3" />
  </Stroke>
);
export const Alert = ({ size = 28 }: P) => (
  <Stroke size={size}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </Stroke>
);
export const Shield = ({ size = 12 }: P) => (
  <Stroke size={size}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
  </Stroke>
);
export const Download = ({ size = 18 }: P) => (
  <Stroke size={size}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
  </Stroke>
);

export const GoogleLogo = ({ size = 20 }: P) => (
  <Brand size={size}>
    <path
      fill="#4285F4"
      d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
    />
    <path
      fill="#34A853"
      d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.4 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
    />
    <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1z" />
    <path
      fill="#EA4335"
      d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
    />
  </Brand>
);
export const MicrosoftLogo = ({ size = 20 }: P) => (
  <Brand size={size}>
    <path fill="#F25022" d="M1 1h10.5v10.5H1z" />
    <path fill="#7FBA00" d="M12.5 1H23v10.5H12.5z" />
    <path fill="#00A4EF" d="M1 12.5h10.5V23H1z" />
    <path fill="#FFB900" d="M12.5 12.5H23V23H12.5z" />
  </Brand>
);
export const AppleLogo = ({ size = 20 }: P) => (
  <Brand size={size}>
    <path
      fill="#000"
      d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.6 1.2-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.3 3-2.5a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.1-4.2zM13.9 5.1A4.4 4.4 0 0 0 14.9 2a4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1 3 3.7 3.7 0 0 0 2.9-1.4z"
    />
  </Brand>
);
export const GitHubLogo = ({ size = 20 }: P) => (
  <Brand size={size}>
    <path
      fill="#181717"
      d="M12 .3a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2c-3.3.7-4-1.6-4-1.6-.6-1.4-1.4-1.8-1.4-1.8-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.7-.3-5.5-1.3-5.5-6 0-1.2.5-2.3 1.3-3.1-.2-.4-.6-1.6 0-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0C17.3 4.6 18.3 5 18.3 5c.6 1.6.2 2.8.1 3.2.8.8 1.3 1.9 1.3 3.2 0 4.6-2.8 5.6-5.5 5.9.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A12 12 0 0 0 12 .3"
    />
  </Brand>
);
