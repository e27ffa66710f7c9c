// Debian's Chromium as every Playwright suite of the repository launches it (the app's and the widget's):
// no sandbox (CI runs as root), no GPU, and none of the background traffic a headless test has no use for.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
