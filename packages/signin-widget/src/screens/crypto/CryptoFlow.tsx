import type { EthereumProvider, SolanaProvider } from "@dubbing/identity-client";
import { UI_EVENT_TYPES, WalletError } from "@dubbing/identity-client";
import { useEffect, useRef } from "react";
import { useWidget } from "../../context.tsx";
import { ERRORS, TEXT } from "../../messages.ts";
import { BackButton } from "../../ui/BackButton.tsx";
import { Spinner } from "../../ui/misc.tsx";
import { Title } from "../../ui/Title.tsx";
import { findProvider, walletInfo } from "../../wallets.ts";

/** Runs `step` once when the screen mounts; any failure goes to Crypto Error with the specified message. */
function useStep(step: (ctx: ReturnType<typeof useWidget>) => Promise<void>, fallback: string) {
  const ctx = useWidget();
  const latest = useRef(ctx);
  latest.current = ctx;
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    step(latest.current).catch((err: unknown) => {
      const c = latest.current;
      const text = c.reportError(err);
      c.dispatch({ type: "crypto", crypto: {}, screen: "cryptoError" });
      c.dispatch({ type: "setError", message: err instanceof WalletError ? err.message : text || fallback });
    });
  }, [step, fallback]);
}

/** Crypto Connect: asks the wallet for its account, then the provider for the challenge. */
export function CryptoConnect() {
  const { state } = useWidget();
  const wallet = walletInfo(state.cryptoState.walletOption);
  useStep(connect, ERRORS.walletConnect);
  return <Pending title={TEXT.connecting} walletName={wallet.name} />;
}

async function connect(ctx: ReturnType<typeof useWidget>): Promise<void> {
  const wallet = walletInfo(ctx.state.cryptoState.walletOption);
  const provider = findProvider(wallet.option);
  const address =
    wallet.chain === "ethereum"
      ? await ctx.client.cryptoWallets.connectEthereum(provider as EthereumProvider)
      : await ctx.client.cryptoWallets.connectSolana(provider as SolanaProvider);
  const start = await ctx.client.cryptoWallets.authenticateStart({
    crypto_wallet_address: address,
    crypto_wallet_type: wallet.chain,
  });
  ctx.emit(UI_EVENT_TYPES.CryptoWalletAuthenticateStart, start);
  ctx.dispatch({
    type: "crypto",
    crypto: { walletAddress: address, walletChallenge: start.challenge },
    screen: "cryptoSignMessage",
  });
}

/** Crypto Sign Message: the wallet signs the challenge; the signature signs the user in. */
export function CryptoSignMessage() {
  const { state } = useWidget();
  useStep(sign, ERRORS.walletSign);
  return <Pending title={TEXT.signing} walletName={walletInfo(state.cryptoState.walletOption).name} />;
}

async function sign(ctx: ReturnType<typeof useWidget>): Promise<void> {
  const { walletOption, walletAddress, walletChallenge } = ctx.state.cryptoState;
  const wallet = walletInfo(walletOption);
  const provider = findProvider(wallet.option);
  const signature =
    wallet.chain === "ethereum"
      ? await ctx.client.cryptoWallets.signEthereum(
          provider as EthereumProvider,
          walletChallenge,
          walletAddress,
        )
      : await ctx.client.cryptoWallets.signSolana(provider as SolanaProvider, walletChallenge);
  const resp = await ctx.client.cryptoWallets.authenticate({
    crypto_wallet_address: walletAddress,
    crypto_wallet_type: wallet.chain,
    signature,
    session_duration_minutes: ctx.sessionDurationMinutes,
  });
  ctx.emit(UI_EVENT_TYPES.CryptoWalletAuthenticate, resp);
  ctx.dispatch({ type: "navigate", screen: "cryptoConfirmation" });
}

function Pending({ title, walletName }: { title: string; walletName: string }) {
  return (
    <>
      <BackButton />
      <div className="dbsw-center">
        <Title center>{title}</Title>
        <Spinner label={title} />
        <p className="dbsw-muted">{walletName}</p>
      </div>
    </>
  );
}
