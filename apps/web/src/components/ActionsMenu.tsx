import { useEffect, useId, useRef, useState } from "react";

/**
 * A "⋯" button that opens a short list of actions (rename, delete …). Escape or a click elsewhere closes
 * it and focus returns to the button.
 */
export function ActionsMenu({
  label,
  actions,
}: {
  label: string;
  actions: { label: string; danger?: boolean; onSelect: () => void }[];
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>("button")?.focus();
    const outside = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="rounded-lg px-2 py-1 text-lg leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        ⋯
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={(e) => {
            if (e.key === "Escape") close();
            const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
            const at = items.indexOf(document.activeElement as HTMLButtonElement);
            if (e.key === "ArrowDown") items[(at + 1) % items.length]?.focus();
            if (e.key === "ArrowUp") items[(at - 1 + items.length) % items.length]?.focus();
          }}
          className="absolute right-0 z-20 mt-1 w-40 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                action.onSelect();
              }}
              className={`block w-full px-3 py-2 text-left text-sm hover:bg-slate-50 focus:bg-slate-100 focus:outline-none ${
                action.danger ? "text-red-700" : "text-slate-800"
              }`}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
