import { chooseWallet } from "../actions/crypto.ts";
import { oauthProviders } from "../config.ts";
import { useWidget } from "../context.tsx";
import { TEXT } from "../messages.ts";
import { Button } from "../ui/Button.tsx";
import { Wallet } from "../ui/icons.tsx";
import { Monogram } from "../ui/ProviderIcon.tsx";
import { splitWallets, WALLETS, type WalletInfo } from "../wallets.ts";

/** The wallets the config offers (default: all), in order. */
export function configuredWallets(options: readonly string[] | undefined): WalletInfo[] {
  return options ? WALLETS.filter((w) => options.includes(w.option)) : WALLETS;
}

export function WalletButton({ wallet }: { wallet: WalletInfo }) {
  const ctx = useWidget();
  return (
    <Button
      variant="secondary"
      icon={<Monogram name={wallet.name} color={wallet.color} />}
      onClick={() => chooseWallet(ctx, wallet.option)}
    >
      {TEXT.continueWith(wallet.name)}
    </Button>
  );
}

/** Wallet buttons up to the slot limit; the others behind 'Continue with other wallet'. */
export function WalletButtons() {
  const ctx = useWidget();
  const { main, other } = splitWallets(
    configuredWallets(ctx.config.cryptoOptions?.wallets),
    oauthProviders(ctx.config).length,
  );
  return (
    <div className="dbsw-stack dbsw-stack--tight">
      {main.map((w) => (
        <WalletButton key={w.option} wallet={w} />
      ))}
      {other.length > 0 ? (
        <Button
          variant="secondary"
          icon={<Wallet />}
          onClick={() => ctx.dispatch({ type: "navigate", screen: "cryptoOther" })}
        >
          {TEXT.otherWallet}
        </Button>
      ) : null}
    </div>
  );
}
