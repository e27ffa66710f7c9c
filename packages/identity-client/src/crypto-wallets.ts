import { applyAuthentication, type ClientContext } from "./context.ts";
import { bytesToBase58 } from "./encoding.ts";
import { BrowserCapabilityError, ERROR_CODES, FALLBACK_MESSAGES, WalletError } from "./errors.ts";
import type { AuthenticateResponse, CryptoWalletType, RawAuthenticateData, ResponseCommon } from "./types.ts";
import { validate } from "./validate.ts";

export interface SiweParams {
  uri?: string;
  chain_id?: string;
  issued_at?: string;
  statement?: string;
  not_before?: string;
  message_request_id?: string;
  resources?: string[];
}

export interface AuthenticateStartOptions {
  crypto_wallet_address: string;
  crypto_wallet_type: CryptoWalletType | string;
  siwe_params?: SiweParams;
}

export interface AuthenticateStartResponse extends ResponseCommon {
  /** The message the wallet signs. */
  challenge: string;
  user_id?: string;
  user_created?: boolean;
  [key: string]: unknown;
}

export interface CryptoWalletAuthenticateOptions {
  crypto_wallet_address: string;
  crypto_wallet_type: CryptoWalletType | string;
  signature: string;
  session_duration_minutes: number;
}

/** An EIP-1193 provider, e.g. `window.ethereum` (MetaMask, Coinbase, Binance, Vessel …). */
export interface EthereumProvider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
}

/** A Solana wallet provider, e.g. `window.solana` (Phantom). */
export interface SolanaProvider {
  connect(): Promise<{ publicKey: { toString(): string } }>;
  request(args: {
    method: "signMessage";
    params: { message: Uint8Array; display: "utf8" | "hex" };
  }): Promise<{ signature: Uint8Array | number[] }>;
}

/** Widget messages for wallet failures. */
export const WALLET_MESSAGES = {
  connect: "[Error] Could not connect to wallet",
  sign: "[Error] Could not sign message",
} as const;

export interface CryptoWalletsAPI {
  /** POST /crypto_wallets/authenticate/start/{primary|secondary}: returns the challenge to sign. */
  authenticateStart(options: AuthenticateStartOptions): Promise<AuthenticateStartResponse>;
  /** POST /crypto_wallets/authenticate with the signature. */
  authenticate(options: CryptoWalletAuthenticateOptions): Promise<AuthenticateResponse>;
  /** Ask an Ethereum wallet for its account (eth_requestAccounts). */
  connectEthereum(provider: EthereumProvider | undefined): Promise<string>;
  /** Sign a challenge with an Ethereum wallet (personal_sign). */
  signEthereum(provider: EthereumProvider | undefined, message: string, address: string): Promise<string>;
  /** Connect a Solana wallet; returns its base58 public key. */
  connectSolana(provider: SolanaProvider | undefined): Promise<string>;
  /** Sign a challenge with a Solana wallet (signMessage request); returns the base58 signature. */
  signSolana(provider: SolanaProvider | undefined, message: string): Promise<string>;
  /** The whole flow with an Ethereum wallet: connect, start, sign, authenticate. */
  signInWithEthereum(
    provider: EthereumProvider | undefined,
    options: { session_duration_minutes: number; siwe_params?: SiweParams },
  ): Promise<AuthenticateResponse>;
  /** The whole flow with a Solana wallet. */
  signInWithSolana(
    provider: SolanaProvider | undefined,
    options: { session_duration_minutes: number },
  ): Promise<AuthenticateResponse>;
}

function need<T>(provider: T | undefined, kind: string): T {
  if (!provider)
    throw new BrowserCapabilityError(ERROR_CODES.walletUnavailable, `No ${kind} wallet was found.`);
  return provider;
}

export function createCryptoWalletsAPI(ctx: ClientContext): CryptoWalletsAPI {
  const api: CryptoWalletsAPI = {
    async authenticateStart(o) {
      const v = validate("cryptoWallets.authenticateStart")
        .string("crypto_wallet_address", o?.crypto_wallet_address)
        .string("crypto_wallet_type", o?.crypto_wallet_type)
        .optionalObject("siwe_params", o.siwe_params);
      if (o.siwe_params) {
        const s = o.siwe_params;
        v.optionalString("uri", s.uri)
          .optionalString("chain_id", s.chain_id)
          .optionalString("issued_at", s.issued_at)
          .optionalString("statement", s.statement)
          .optionalString("not_before", s.not_before)
          .optionalString("message_request_id", s.message_request_id)
          .optionalStringArray("resources", s.resources);
      }
      const { siweRequiredForCryptoWallets } = await ctx.bootstrap.get();
      const body: Record<string, unknown> = {
        crypto_wallet_address: o.crypto_wallet_address,
        crypto_wallet_type: o.crypto_wallet_type,
      };
      if (o.crypto_wallet_type === "ethereum" && (siweRequiredForCryptoWallets || o.siwe_params)) {
        body.siwe_params = { ...o.siwe_params, uri: o.siwe_params?.uri || ctx.env.location.origin };
      }
      return ctx.http.request<AuthenticateStartResponse>({
        method: "POST",
        path: ctx.store.getSession()
          ? "/crypto_wallets/authenticate/start/secondary"
          : "/crypto_wallets/authenticate/start/primary",
        body,
        errorMessage: FALLBACK_MESSAGES.walletStart,
        captcha: true,
      });
    },

    async authenticate(o) {
      validate("cryptoWallets.authenticate")
        .string("signature", o?.signature)
        .string("crypto_wallet_address", o?.crypto_wallet_address)
        .string("crypto_wallet_type", o?.crypto_wallet_type)
        .number("session_duration_minutes", o?.session_duration_minutes);
      const data = await ctx.http.request<RawAuthenticateData>({
        method: "POST",
        path: "/crypto_wallets/authenticate",
        body: {
          crypto_wallet_address: o.crypto_wallet_address,
          crypto_wallet_type: o.crypto_wallet_type,
          signature: o.signature,
          session_duration_minutes: o.session_duration_minutes,
        },
        errorMessage: FALLBACK_MESSAGES.walletAuthenticate,
        captcha: true,
      });
      return applyAuthentication(ctx, data);
    },

    async connectEthereum(provider) {
      const p = need(provider, "Ethereum");
      let accounts: unknown;
      try {
        accounts = await p.request({ method: "eth_requestAccounts" });
      } catch (err) {
        throw new WalletError(WALLET_MESSAGES.connect, err);
      }
      const first = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof first !== "string") throw new WalletError(WALLET_MESSAGES.connect);
      return first;
    },

    async signEthereum(provider, message, address) {
      const p = need(provider, "Ethereum");
      let signature: unknown;
      try {
        signature = await p.request({ method: "personal_sign", params: [message, address] });
      } catch (err) {
        throw new WalletError(WALLET_MESSAGES.sign, err);
      }
      if (typeof signature !== "string") throw new WalletError(WALLET_MESSAGES.sign);
      return signature;
    },

    async connectSolana(provider) {
      const p = need(provider, "Solana");
      try {
        const resp = await p.connect();
        return resp.publicKey.toString();
      } catch (err) {
        throw new WalletError(WALLET_MESSAGES.connect, err);
      }
    },

    async signSolana(provider, message) {
      const p = need(provider, "Solana");
      let resp: { signature: Uint8Array | number[] };
      try {
        resp = await p.request({
          method: "signMessage",
          params: { message: new TextEncoder().encode(message), display: "utf8" },
        });
      } catch (err) {
        throw new WalletError(WALLET_MESSAGES.sign, err);
      }
      if (!resp?.signature) throw new WalletError(WALLET_MESSAGES.sign);
      return bytesToBase58(Uint8Array.from(resp.signature));
    },

    async signInWithEthereum(provider, options) {
      const address = await api.connectEthereum(provider);
      const start = await api.authenticateStart({
        crypto_wallet_address: address,
        crypto_wallet_type: "ethereum",
        ...(options.siwe_params ? { siwe_params: options.siwe_params } : {}),
      });
      const signature = await api.signEthereum(provider, start.challenge, address);
      return api.authenticate({
        crypto_wallet_address: address,
        crypto_wallet_type: "ethereum",
        signature,
        session_duration_minutes: options.session_duration_minutes,
      });
    },

    async signInWithSolana(provider, options) {
      const address = await api.connectSolana(provider);
      const start = await api.authenticateStart({
        crypto_wallet_address: address,
        crypto_wallet_type: "solana",
      });
      const signature = await api.signSolana(provider, start.challenge);
      return api.authenticate({
        crypto_wallet_address: address,
        crypto_wallet_type: "solana",
        signature,
        session_duration_minutes: options.session_duration_minutes,
      });
    },
  };
  return api;
}
