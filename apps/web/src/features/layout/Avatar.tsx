import { AVATAR_CLASSES, avatarColor, avatarInitial } from "./avatar-color.ts";

export function Avatar({ email }: { email: string }) {
  const color = avatarColor(email);
  return (
    <span
      aria-hidden="true"
      data-color={color}
      className={`flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${AVATAR_CLASSES[color]}`}
    >
      {avatarInitial(email)}
    </span>
  );
}
