import { type KeyboardEvent, useId, useRef, useState } from "react";
import { TEXT } from "../messages.ts";
import type { InputTab } from "../products.ts";
import { EmailForm } from "./EmailForm.tsx";
import { PhoneForm } from "./PhoneForm.tsx";

const LABELS = { email: TEXT.tabEmail, sms: TEXT.tabText, whatsapp: TEXT.tabWhatsApp };

/** Email / Text / WhatsApp: tabs when there is more than one (arrow keys move between them). */
export function InputTabs({ tabs }: { tabs: InputTab[] }) {
  const id = useId();
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs[active] ?? tabs[0];
  if (!current) return null;
  const form =
    current.id === "email" ? <EmailForm action={current.action} /> : <PhoneForm channel={current.id} />;
  if (tabs.length === 1) return form;

  const onKey = (e: KeyboardEvent) => {
    const delta = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (active + delta + tabs.length) % tabs.length;
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="dbsw-stack">
      <div className="dbsw-tabs" role="tablist" tabIndex={-1} onKeyDown={onKey}>
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel`}
            tabIndex={i === active ? 0 : -1}
            className="dbsw-tab"
            onClick={() => setActive(i)}
          >
            {LABELS[t.id]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current.id}`}>
        {form}
      </div>
    </div>
  );
}
