import type { WalletOption } from "../config.ts";
import type { WidgetContextValue } from "../context.tsx";
import { findProvider } from "../wallets.ts";

/** Main → Crypto Connect when the wallet is installed, else → Crypto Setup Wallet (download links). */
export function chooseWallet(ctx: WidgetContextValue, option: WalletOption): void {
  const installed = findProvider(option) !== undefined;
  ctx.dispatch({
    type: "crypto",
    crypto: { walletOption: option },
    screen: installed ? "cryptoConnect" : "cryptoSetup",
  });
}
