import { createBrowserRouter, type RouteObject } from "react-router";
import RootLayout from "./app/RootLayout.tsx";
import { NotFoundPage } from "./features/errors/NotFoundPage.tsx";
import { RouteErrorPage } from "./features/errors/RouteErrorPage.tsx";

// Every screen is its own chunk, so the landing page never loads the editor. The data layer (TanStack
// Query) sits in DataRoot, loaded only by the routes that call the API.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Visitors see these without signing in (PRODUCT.md § Screens): landing, policies, sign-in screens, blog. */
const staticRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import("./features/landing/LandingPage.tsx")) },
  { path: "refund-policy", lazy: page(() => import("./features/policies/RefundPolicyPage.tsx")) },
  { path: "terms-of-service", lazy: page(() => import("./features/policies/TermsPage.tsx")) },
  { path: "privacy-policy", lazy: page(() => import("./features/policies/PrivacyPage.tsx")) },
];

const publicDataRoutes: RouteObject[] = [
  ...["login", "register", "signup"].map((path) => ({
    path,
    lazy: page(() => import("./features/auth/LoginPage.tsx")),
  })),
  { path: "blog", lazy: page(() => import("./features/blog/BlogListPage.tsx")) },
  { path: "blog/:slug", lazy: page(() => import("./features/blog/BlogPostPage.tsx")) },
  // The operator's console decides itself: to anyone the server does not take for an operator it is the
  // not-found page (a visitor is not sent to sign in: nothing hints that it exists).
  { path: "admin", lazy: page(() => import("./features/admin/AdminPage.tsx")) },
];

/** Everything else needs a session; without one the visitor goes to /login and comes back. */
const signedInPages: RouteObject[] = [
  ...["projects", "dubs"].flatMap((base) => [
    { path: base, lazy: page(() => import("./features/projects/ProjectListPage.tsx")) },
    { path: `${base}/new`, lazy: page(() => import("./features/new-project/NewProjectPage.tsx")) },
    { path: `${base}/:id`, lazy: page(() => import("./features/editor/ProjectEditorPage.tsx")) },
  ]),
  { path: "subscription", lazy: page(() => import("./features/subscription/SubscriptionPage.tsx")) },
  { path: "account", lazy: page(() => import("./features/account/AccountPage.tsx")) },
  { path: "storyboard", lazy: page(() => import("./features/storyboard/StoryboardListPage.tsx")) },
  { path: "storyboard/:id", lazy: page(() => import("./features/storyboard/StoryboardDetailPage.tsx")) },
  { path: "workspace", lazy: page(() => import("./features/workspaces/MembersPage.tsx")) },
  { path: "invite/:token", lazy: page(() => import("./features/workspaces/AcceptInvitePage.tsx")) },
];

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    // the first load waits for its lazy screen: nothing is drawn meanwhile (without it React Router warns
    // "No `HydrateFallback` element provided" on every full load)
    HydrateFallback: () => null,
    errorElement: <RouteErrorPage />,
    children: [
      ...staticRoutes,
      {
        lazy: page(() => import("./app/DataRoot.tsx")),
        children: [
          ...publicDataRoutes,
          {
            lazy: page(() => import("./features/auth/RequireAuth.tsx")),
            children: [
              { lazy: page(() => import("./features/layout/AppLayout.tsx")), children: signedInPages },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
