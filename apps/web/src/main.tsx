import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import { rememberLandingScroll } from "./app/scroll-positions.ts";
import { setSiteNavigator } from "./components/SiteLink.tsx";

const root = createRoot(document.getElementById("root")!);

// The landing page shows without the router and the rest of the app (a third of its JavaScript): they load
// at the first click that leaves it, or at once on any other address. The router, created at that moment,
// opens the address the click pushed; Back returns to the landing page through the router.
if (window.location.pathname === "/") {
  setSiteNavigator((to) => {
    if (to === "/") return window.scrollTo(0, 0);
    rememberLandingScroll();
    window.history.pushState(null, "", to);
    start();
  });
  import("./features/landing/LandingPage.tsx").then(
    ({ default: LandingPage }) =>
      root.render(
        <StrictMode>
          <LandingPage />
        </StrictMode>,
      ),
    // its code did not load: the router tries again and, failing, shows its error page with why
    start,
  );
} else {
  start();
}

function start() {
  void import("./app/start.tsx").then(({ startApp }) => startApp(root));
}
