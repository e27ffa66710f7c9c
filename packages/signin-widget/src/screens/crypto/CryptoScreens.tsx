import { oauthProviders } from "../../config.ts";
import { useWidget } from "../../context.tsx";
import { configuredWallets, WalletButton } from "../../main/WalletButtons.tsx";
import { TEXT } from "../../messages.ts";
import { BackButton } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { Confirmation } from "../../ui/Confirmation.tsx";
import { ErrorText } from "../../ui/ErrorText.tsx";
import { Download } from "../../ui/icons.tsx";
import { Monogram } from "../../ui/ProviderIcon.tsx";
import { Title } from "../../ui/Title.tsx";
import { splitWallets, WALLETS, walletInfo } from "../../wallets.ts";

/** Crypto Other Screen: the wallets that did not fit on Main. */
export function CryptoOther() {
  const ctx = useWidget();
  const { other } = splitWallets(
    configuredWallets(ctx.config.cryptoOptions?.wallets),
    oauthProviders(ctx.config).length,
  );
  return (
    <>
      <BackButton />
      <div className="dbsw-stack">
        <Title>{TEXT.otherWallet}</Title>
        <div className="dbsw-stack dbsw-stack--tight">
          {other.map((w) => (
            <WalletButton key={w.option} wallet={w} />
          ))}
        </div>
        <p className="dbsw-muted">
          {TEXT.noWalletYet}{" "}
          <button
            type="button"
            className="dbsw-link"
            onClick={() => ctx.dispatch({ type: "navigate", screen: "cryptoSetup" })}
          >
            {TEXT.setupWallet}
          </button>
        </p>
      </div>
    </>
  );
}

/** Crypto Setup Wallet: download links, the chosen wallet first. */
export function CryptoSetup() {
  const { state } = useWidget();
  const chosen = walletInfo(state.cryptoState.walletOption);
  const list = [
    chosen,
    ...WALLETS.filter((w) => w.option !== chosen.option && !w.option.match(/^(Ethereum|Solana)$/)),
  ];
  return (
    <>
      <BackButton />
      <div className="dbsw-stack">
        <Title>{TEXT.setupWallet}</Title>
        <p className="dbsw-muted">{TEXT.setupWalletText}</p>
        <ul className="dbsw-list">
          {list.map((w) => (
            <li key={w.option} className="dbsw-list__item">
              <Monogram name={w.name} color={w.color} />
              <span className="dbsw-list__name">{w.name}</span>
              <a
                className="dbsw-mini"
                style={{ display: "inline-flex", alignItems: "center", gap: 4, textDecoration: "none" }}
                href={w.downloadUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Download size={14} /> {TEXT.getWallet(w.name.replace(/ Wallet$/, ""))}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** Crypto Error: 'Looks like there was an error!' with what went wrong. */
export function CryptoError() {
  const { state, dispatch } = useWidget();
  return (
    <>
      <BackButton />
      <Confirmation kind="error" title={TEXT.cryptoErrorTitle}>
        <ErrorText message={state.errorMessage} />
        <Button variant="secondary" onClick={() => dispatch({ type: "navigate", screen: "main" })}>
          {TEXT.tryAgain}
        </Button>
      </Confirmation>
    </>
  );
}
