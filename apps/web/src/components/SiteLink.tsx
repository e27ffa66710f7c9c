import type { AnchorHTMLAttributes, MouseEvent } from "react";

/** How a click on a SiteLink moves to another page of the app (set by main.tsx / app/start.tsx). */
type Navigate = (to: string) => void;

// Until the router is loaded (the landing page opens without it), a click loads it first.
let navigate: Navigate = (to) => window.location.assign(to);

/** Who moves the app to another page: the router once it runs, before that the landing page's loader. */
export function setSiteNavigator(next: Navigate): void {
  navigate = next;
}

/**
 * A link to a page of the app for the public pages (landing, policies, footer): a plain anchor, so the
 * landing page needs no router to show, whose plain left click moves without reloading — through the
 * router when it runs, or by loading it (app/start.tsx). Any other click (a new tab, a modifier) is the
 * browser's.
 */
export function SiteLink({
  to,
  onClick,
  ...anchor
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || anchor.target) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...anchor} />;
}
