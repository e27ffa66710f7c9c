import { NavLink } from "react-router";
import {
  CardIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  FolderIcon,
  FramesIcon,
  LogoMark,
  LogoutIcon,
  PlugIcon,
  UserIcon,
} from "../../components/icons.tsx";
import { useCurrentUser } from "../auth/session.ts";
import { Avatar } from "./Avatar.tsx";

const NAV = [
  { to: "/projects", label: "Projects", Icon: FolderIcon },
  { to: "/storyboard", label: "Storyboards", Icon: FramesIcon },
  { to: "/subscription", label: "Subscription", Icon: CardIcon },
  { to: "/account", label: "Account", Icon: UserIcon },
];
/** The operator's console, in the sidebar of an operator's session only (ADMIN_EMAILS). */
const CONSOLE = { to: "/admin", label: "Operator's console", Icon: PlugIcon };

/** The sidebar's content, shared by the fixed large-screen column and the phone slide-in panel. */
export function Sidebar({
  email,
  compact,
  onToggleCompact,
  onLogout,
  onNavigate,
}: {
  email: string;
  compact: boolean;
  onToggleCompact?: () => void;
  onLogout: () => void;
  onNavigate?: () => void;
}) {
  const nav = useCurrentUser().data?.operator ? [...NAV, CONSOLE] : NAV;
  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-300">
      <div className={`flex h-16 shrink-0 items-center gap-2 px-4 ${compact ? "justify-center" : ""}`}>
        <LogoMark className="size-8 shrink-0" />
        {!compact && <span className="font-semibold text-white">AI Dubbing</span>}
      </div>
      <nav aria-label="Main" className="flex-1 px-3 py-4">
        <ul className="space-y-1">
          {nav.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                title={compact ? label : undefined}
                aria-label={compact ? label : undefined}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                    compact ? "justify-center" : ""
                  } ${isActive ? "bg-slate-800 text-white" : "hover:bg-slate-800/60 hover:text-white"}`
                }
              >
                <Icon className="size-5 shrink-0" />
                {!compact && label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {onToggleCompact && (
        <div className="px-3 pb-2">
          <button
            type="button"
            onClick={onToggleCompact}
            aria-label={compact ? "Expand sidebar" : "Compact sidebar"}
            aria-pressed={compact}
            className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-800/60 hover:text-white ${
              compact ? "justify-center" : ""
            }`}
          >
            {compact ? <ChevronRightIcon className="size-5" /> : <ChevronLeftIcon className="size-5" />}
            {!compact && "Compact"}
          </button>
        </div>
      )}
      <div className={`border-t border-slate-800 p-3 ${compact ? "flex flex-col items-center gap-2" : ""}`}>
        <NavLink
          to="/account"
          onClick={onNavigate}
          aria-label={compact ? `Account (${email})` : undefined}
          className={`flex items-center gap-3 rounded-lg py-1 hover:bg-slate-800/60 ${compact ? "justify-center" : "px-1"}`}
          title={email}
        >
          <Avatar email={email} />
          {!compact && (
            <span className="min-w-0 truncate text-sm text-slate-200" data-testid="user-email">
              {email}
            </span>
          )}
        </NavLink>
        <button
          type="button"
          onClick={onLogout}
          aria-label="Logout"
          className={`mt-2 flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-800/60 hover:text-white ${
            compact ? "justify-center" : ""
          }`}
        >
          <LogoutIcon className="size-5 shrink-0" />
          {!compact && "Logout"}
        </button>
      </div>
    </div>
  );
}
