import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation, useOutletContext } from "react-router";
import type { User } from "../../api/types.ts";
import { CloseIcon, MenuIcon } from "../../components/icons.tsx";
import { HeaderTitleContext } from "../../lib/use-page-title.ts";
import { logout, useSubscriptionActive } from "../auth/session.ts";
import { UnsavedChangesGuard } from "../unsaved/UnsavedChangesGuard.tsx";
import { WorkspaceSwitcher } from "../workspaces/WorkspaceSwitcher.tsx";
import { Sidebar } from "./Sidebar.tsx";

const COMPACT_KEY = "dubbing.sidebarCompact";

/** The signed-in frame: sidebar (w-64, compact w-20) fixed on large screens, a slide-in panel on small ones. */
export default function AppLayout() {
  const user = useOutletContext<User>();
  useSubscriptionActive(true);
  const location = useLocation();
  const [title, setTitle] = useState("");
  const [open, setOpen] = useState(false);
  const [compact, setCompact] = useState(() => localStorage.getItem(COMPACT_KEY) === "1");
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const toggleCompact = useCallback(() => {
    setCompact((c) => {
      localStorage.setItem(COMPACT_KEY, c ? "0" : "1");
      return !c;
    });
  }, []);

  const closePanel = useCallback(() => {
    setOpen(false);
    openButton.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the phone panel
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closePanel();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, closePanel]);

  const onLogout = () => void logout();

  return (
    <HeaderTitleContext.Provider value={setTitle}>
      <div
        className="min-h-screen bg-slate-50"
        style={{ "--sidebar-width": compact ? "5rem" : "16rem" } as CSSProperties}
      >
        {/* Phone and tablet: slide-in panel. */}
        <div
          className={`fixed inset-0 z-50 transition-[visibility] duration-200 lg:hidden ${open ? "visible" : "invisible"}`}
        >
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop; Escape and the Close sidebar button are the keyboard ways */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
          <div
            className={`absolute inset-0 bg-slate-900/60 transition-opacity ${open ? "opacity-100" : "opacity-0"}`}
            onClick={closePanel}
          />
          <div
            role="dialog"
            aria-modal="true"
            aria-label="Sidebar"
            inert={!open}
            className={`absolute inset-y-0 left-0 flex w-72 max-w-[85%] transition-transform duration-200 ${
              open ? "translate-x-0" : "-translate-x-full"
            }`}
          >
            <div className="flex-1">
              <Sidebar
                email={user.email}
                compact={false}
                onLogout={onLogout}
                onNavigate={() => setOpen(false)}
              />
            </div>
            <button
              ref={closeButton}
              type="button"
              onClick={closePanel}
              className="absolute top-3 right-3 rounded-full p-2 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              <span className="sr-only">Close sidebar</span>
              <CloseIcon className="size-6" />
            </button>
          </div>
        </div>

        {/* Large screens: fixed column. */}
        <aside
          data-testid="sidebar"
          data-compact={compact}
          className={`fixed inset-y-0 left-0 z-40 hidden transition-[width] duration-200 lg:block ${compact ? "w-20" : "w-64"}`}
        >
          <Sidebar email={user.email} compact={compact} onToggleCompact={toggleCompact} onLogout={onLogout} />
        </aside>

        <div className={`transition-[padding] duration-200 ${compact ? "lg:pl-20" : "lg:pl-64"}`}>
          <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6 lg:px-8">
            <button
              ref={openButton}
              type="button"
              onClick={() => setOpen(true)}
              className="-m-2 rounded-md p-2 text-slate-700 lg:hidden"
              aria-expanded={open}
            >
              <span className="sr-only">Open sidebar</span>
              <MenuIcon className="size-6" />
            </button>
            <p className="min-w-22 truncate text-lg font-semibold text-slate-900" data-testid="header-title">
              {title}
            </p>
            <WorkspaceSwitcher />
          </header>
          <main className="px-4 py-6 sm:px-6 lg:px-8">
            <Outlet />
          </main>
          <UnsavedChangesGuard />
        </div>
      </div>
    </HeaderTitleContext.Provider>
  );
}
