import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { RouterProvider } from "react-router";
import { setSiteNavigator } from "../components/SiteLink.tsx";
import { ToastViewport } from "../features/toast/ToastViewport.tsx";
import { router } from "../router.tsx";

/** The whole app under its router, in place of whatever `root` showed (the landing page's own render). */
export function startApp(root: Root): void {
  setSiteNavigator((to) => void router.navigate(to));
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
      <ToastViewport />
    </StrictMode>,
  );
}
