import { Outlet, ScrollRestoration } from "react-router";

/** Every page opens at the top; Back and Forward return to where that page was scrolled. */
export default function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
