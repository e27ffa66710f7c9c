/** The demo project's public token (shared by the page and the in-memory identity server). */
export const DEMO_PUBLIC_TOKEN = "public-token-test-de300000-0000-4000-8000-000000000000";
