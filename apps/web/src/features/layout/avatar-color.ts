/** The five avatar colours, in the order the sum of the e-mail's character codes picks from (PRODUCT.md § Screens). */
const AVATAR_COLORS = ["red", "blue", "green", "yellow", "purple"] as const;
type AvatarColor = (typeof AVATAR_COLORS)[number];

export function avatarColor(email: string): AvatarColor {
  let sum = 0;
  for (let i = 0; i < email.length; i++) sum += email.charCodeAt(i);
  return AVATAR_COLORS[sum % AVATAR_COLORS.length]!;
}

/** Tailwind classes per colour, written out so the build keeps them. */
export const AVATAR_CLASSES: Record<AvatarColor, string> = {
  red: "bg-red-500 text-white",
  blue: "bg-blue-500 text-white",
  green: "bg-green-600 text-white",
  yellow: "bg-yellow-400 text-yellow-950",
  purple: "bg-purple-500 text-white",
};

export function avatarInitial(email: string): string {
  return (email.trim()[0] ?? "?").toUpperCase();
}
