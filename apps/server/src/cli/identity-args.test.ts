import { describe, expect, it } from "vitest";
import { identityRequest, UsageError } from "./identity-args.ts";

describe("npm run identity", () => {
  it("turns commands into the backend API's requests", () => {
    expect(
      identityRequest(["users", "search", "--email", "a@x.com", "--email", "b@x.com", "--status", "active"]),
    ).toEqual({
      method: "POST",
      path: "/v1/users/search",
      body: {
        query: {
          operator: "AND",
          operands: [
            { filter_name: "email_address", filter_value: ["a@x.com", "b@x.com"] },
            { filter_name: "status", filter_value: "active" },
          ],
        },
      },
    });
    expect(identityRequest(["users", "delete", "user-1"])).toEqual({
      method: "DELETE",
      path: "/v1/users/user-1",
    });
    expect(identityRequest(["sessions", "list", "user/1"]).path).toBe("/v1/sessions?user_id=user%2F1");
    expect(identityRequest(["factors", "delete", "totps", "t-1"])).toEqual({
      method: "DELETE",
      path: "/v1/users/totps/t-1",
    });
    expect(identityRequest(["users", "update", "u", "--first-name", "Ana"]).body).toEqual({
      name: { first_name: "Ana", last_name: undefined },
    });
  });

  it("says what is wrong", () => {
    expect(() => identityRequest(["users", "fly"])).toThrow(UsageError);
    expect(() => identityRequest(["users", "get"])).toThrow("USER_ID is missing");
  });
});
