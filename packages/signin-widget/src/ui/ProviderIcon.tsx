import { AppleLogo, GitHubLogo, GoogleLogo, MicrosoftLogo } from "./icons.tsx";

/** Display names and brand colours of the 19 OAuth providers. */
const PROVIDERS = new Map<string, { name: string; color: string }>(
  Object.entries({
    google: { name: "Google", color: "#4285f4" },
    microsoft: { name: "Microsoft", color: "#00a4ef" },
    apple: { name: "Apple", color: "#000000" },
    github: { name: "GitHub", color: "#181717" },
    gitlab: { name: "GitLab", color: "#fc6d26" },
    facebook: { name: "Facebook", color: "#1877f2" },
    discord: { name: "Discord", color: "#5865f2" },
    salesforce: { name: "Salesforce", color: "#00a1e0" },
    slack: { name: "Slack", color: "#4a154b" },
    amazon: { name: "Amazon", color: "#ff9900" },
    bitbucket: { name: "Bitbucket", color: "#0052cc" },
    linkedin: { name: "LinkedIn", color: "#0a66c2" },
    coinbase: { name: "Coinbase", color: "#0052ff" },
    twitch: { name: "Twitch", color: "#9146ff" },
    twitter: { name: "Twitter", color: "#1d9bf0" },
    tiktok: { name: "TikTok", color: "#000000" },
    snapchat: { name: "Snapchat", color: "#fffc00" },
    figma: { name: "Figma", color: "#f24e1e" },
    yahoo: { name: "Yahoo", color: "#6001d2" },
  }),
);

export function providerName(type: string): string {
  return PROVIDERS.get(type)?.name ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** The brand mark where we draw it, else a monogram in the brand colour. */
export function ProviderIcon({ type }: { type: string }) {
  if (type === "google") return <GoogleLogo />;
  if (type === "microsoft") return <MicrosoftLogo />;
  if (type === "apple") return <AppleLogo />;
  if (type === "github") return <GitHubLogo />;
  return <Monogram name={providerName(type)} color={PROVIDERS.get(type)?.color ?? "#5c727d"} />;
}

export function Monogram({ name, color }: { name: string; color: string }) {
  const dark = color.toLowerCase() === "#fffc00";
  return (
    <span
      className="dbsw-monogram"
      style={{ background: color, color: dark ? "#000" : "#fff" }}
      aria-hidden="true"
    >
      {name.charAt(0)}
    </span>
  );
}
