import { applyUserUpdate, type ClientContext, removeResponseCommon } from "./context.ts";
import { FALLBACK_MESSAGES } from "./errors.ts";
import type { ResponseCommon, UnsubscribeFunction, User } from "./types.ts";
import { validate } from "./validate.ts";

export type UserSearchType = "new" | "passwordless" | "password";

export interface UserAPI {
  /** GET /users/me: fetches the user and stores it. */
  get(): Promise<User>;
  getSync(): User | null;
  getInfo(): { user: User | null; fromCache: boolean };
  /** PUT /users/me. */
  update(options: {
    untrusted_metadata?: Record<string, unknown>;
    name?: User["name"];
  }): Promise<ResponseCommon>;
  deleteEmail(emailId: string): Promise<ResponseCommon>;
  deletePhoneNumber(phoneId: string): Promise<ResponseCommon>;
  deleteTOTP(totpId: string): Promise<ResponseCommon>;
  deleteOAuthRegistration(oauthUserRegistrationId: string): Promise<ResponseCommon>;
  deleteWebauthnRegistration(webAuthnId: string): Promise<ResponseCommon>;
  deleteBiometricRegistration(biometricRegistrationId: string): Promise<ResponseCommon>;
  /** Called with the new user (or null) whenever it changes. */
  onChange(callback: (user: User | null) => void): UnsubscribeFunction;
  /** POST /users/search: whether an email belongs to a new, passwordless or password user. */
  search(email: string): Promise<ResponseCommon & { userType: UserSearchType }>;
  /** POST /b2b/organizations/members/search. */
  searchMember(email_address: string, organization_id: string): Promise<ResponseCommon & { member: unknown }>;
}

export function createUserAPI(ctx: ClientContext): UserAPI {
  const { store } = ctx;
  const del = async (path: string, id: string, field: string, errorMessage: string) => {
    validate("user.delete").string(field, id);
    const data = await ctx.http.request<ResponseCommon & { __user?: User }>({
      method: "DELETE",
      path: `${path}/${encodeURIComponent(id)}`,
      errorMessage,
    });
    return applyUserUpdate(ctx, data);
  };

  return {
    async get() {
      const data = await ctx.http.request<User & ResponseCommon>({
        method: "GET",
        path: "/users/me",
        errorMessage: FALLBACK_MESSAGES.userGet,
      });
      const user = removeResponseCommon(data) as User;
      store.updateUser(user);
      return user;
    },
    getSync: () => store.getUser(),
    getInfo: () => ({ user: store.getUser(), fromCache: store.fromCache }),
    async update(options) {
      validate("user.update").optionalObject("untrusted_metadata", options?.untrusted_metadata);
      const data = await ctx.http.request<ResponseCommon & { __user?: User }>({
        method: "PUT",
        path: "/users/me",
        body: { ...options },
        errorMessage: FALLBACK_MESSAGES.userUpdate,
      });
      return applyUserUpdate(ctx, data);
    },
    deleteEmail: (id) => del("/users/emails", id, "email_id", FALLBACK_MESSAGES.deleteEmail),
    deletePhoneNumber: (id) =>
      del("/users/phone_numbers", id, "phone_id", FALLBACK_MESSAGES.deletePhoneNumber),
    deleteTOTP: (id) => del("/users/totps", id, "totp_id", FALLBACK_MESSAGES.deleteTOTP),
    deleteOAuthRegistration: (id) =>
      del("/users/oauth", id, "oauth_user_registration_id", FALLBACK_MESSAGES.deleteOAuth),
    deleteWebauthnRegistration: (id) =>
      del("/users/webauthn_registrations", id, "webauthn_registration_id", FALLBACK_MESSAGES.deleteWebAuthn),
    deleteBiometricRegistration: (id) =>
      del(
        "/users/biometric_registrations",
        id,
        "biometric_registration_id",
        FALLBACK_MESSAGES.deleteBiometric,
      ),
    onChange(callback) {
      let last = store.getUser();
      return store.subscribe((state) => {
        const next = state?.user ?? null;
        if (next !== last) {
          last = next;
          callback(next);
        }
      });
    },
    async search(email) {
      validate("user.search").string("email", email);
      return ctx.http.request({
        method: "POST",
        path: "/users/search",
        body: { email },
        errorMessage: `${FALLBACK_MESSAGES.userSearch} ${email}`,
        captcha: true,
      });
    },
    async searchMember(email_address, organization_id) {
      validate("user.searchMember")
        .string("email_address", email_address)
        .string("organization_id", organization_id);
      return ctx.http.request({
        method: "POST",
        path: "/b2b/organizations/members/search",
        body: { email_address, organization_id },
        errorMessage: `${FALLBACK_MESSAGES.memberSearch} ${email_address}`,
      });
    },
  };
}
