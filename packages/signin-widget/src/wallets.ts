import type { EthereumProvider, SolanaProvider } from "@dubbing/identity-client";
import type { WalletOption } from "./config.ts";
import { WALLET_SLOTS } from "./constants.ts";

export interface WalletInfo {
  option: WalletOption;
  name: string;
  chain: "ethereum" | "solana";
  color: string;
  downloadUrl: string;
}

/** Wallet types; the order is the order of the buttons. */
export const WALLETS: WalletInfo[] = [
  {
    option: "Metamask",
    name: "MetaMask",
    chain: "ethereum",
    color: "#f6851b",
    downloadUrl: "https://metamask.io/download/",
  },
  {
    option: "Phantom",
    name: "Phantom",
    chain: "solana",
    color: "#ab9ff2",
    downloadUrl: "https://phantom.app/download",
  },
  {
    option: "Coinbase",
    name: "Coinbase Wallet",
    chain: "ethereum",
    color: "#0052ff",
    downloadUrl: "https://www.coinbase.com/wallet/downloads",
  },
  {
    option: "Binance",
    name: "Binance Wallet",
    chain: "ethereum",
    color: "#f0b90b",
    downloadUrl: "https://www.bnbchain.org/en/binance-wallet",
  },
  {
    option: "Vessel",
    name: "Vessel",
    chain: "ethereum",
    color: "#4b3ccf",
    downloadUrl: "https://vessel.exchange/",
  },
  {
    option: "Ethereum",
    name: "Other Ethereum wallet",
    chain: "ethereum",
    color: "#627eea",
    downloadUrl: "https://ethereum.org/en/wallets/find-wallet/",
  },
  {
    option: "Solana",
    name: "Other Solana wallet",
    chain: "solana",
    color: "#9945ff",
    downloadUrl: "https://solana.com/ecosystem/explore?categories=wallet",
  },
];

export function walletInfo(option: WalletOption): WalletInfo {
  return WALLETS.find((w) => w.option === option) ?? (WALLETS[0] as WalletInfo);
}

/** Wallet buttons on Main fill 6 slots minus the OAuth providers minus one; the rest go to 'other'. */
export function splitWallets(
  wallets: WalletInfo[],
  oauthCount: number,
): { main: WalletInfo[]; other: WalletInfo[] } {
  const slots = Math.max(0, WALLET_SLOTS - oauthCount - 1);
  if (wallets.length <= slots + 1) return { main: wallets, other: [] };
  return { main: wallets.slice(0, slots), other: wallets.slice(slots) };
}

type Injected = EthereumProvider & Record<string, unknown>;
interface WalletWindow {
  ethereum?: Injected & { providers?: Injected[] };
  solana?: SolanaProvider & { isPhantom?: boolean };
  phantom?: { solana?: SolanaProvider };
  coinbaseWalletExtension?: EthereumProvider;
  BinanceChain?: EthereumProvider;
  vessel?: EthereumProvider;
}

/** The injected provider for a wallet, if the browser has it. */
export function findProvider(
  option: WalletOption,
  w: object = globalThis,
): EthereumProvider | SolanaProvider | undefined {
  const win = w as WalletWindow;
  const eth = win.ethereum;
  const ethereumWith = (flag: string) =>
    eth?.providers?.find((p) => p[flag]) ?? (eth?.[flag] ? eth : undefined);
  switch (option) {
    case "Metamask":
      return ethereumWith("isMetaMask");
    case "Coinbase":
      return win.coinbaseWalletExtension ?? ethereumWith("isCoinbaseWallet");
    case "Binance":
      return win.BinanceChain;
    case "Vessel":
      return win.vessel;
    case "Ethereum":
      return eth;
    case "Phantom":
      return win.phantom?.solana ?? (win.solana?.isPhantom ? win.solana : undefined);
    case "Solana":
      return win.solana ?? win.phantom?.solana;
  }
}
