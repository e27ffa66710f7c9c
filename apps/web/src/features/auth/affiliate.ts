declare global {
  interface Window {
    rewardful?: (event: string, data: { email: string }) => void;
  }
}

const told = new Set<string>();

/** When an affiliate-referral script is on the page, it is told of a signup with the e-mail (PRODUCT.md § Behaviour). */
export function tellAffiliateOfSignup(email: string) {
  if (typeof window === "undefined" || typeof window.rewardful !== "function" || told.has(email)) return;
  told.add(email);
  window.rewardful("convert", { email });
}
