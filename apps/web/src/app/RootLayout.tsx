import { Outlet, ScrollRestoration } from "react-router";
import { SCROLL_POSITIONS_KEY } from "./scroll-positions.ts";

/** Every page opens at the top; Back and Forward return to where that page was scrolled. */
export default function RootLayout() {
  return (
    <>
      <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} />
      <Outlet />
    </>
  );
}
