import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/utils/http.server";
import {
  authHref,
  authTabHref,
  readAuthPageState,
  readResetMethod,
  showsSentValue,
  signedInMayStay,
} from "./auth-page";

const read = (search: string) =>
  readAuthPageState(new URL(`http://127.0.0.1/auth${search}`), (to) => safeRedirectPath(to, "") || null);

describe("the sign-in page's state in its URL", () => {
  it("opens the sign-in tab and no dialog by default", () => {
    expect(read("")).toEqual({ dialog: null, method: "email", tab: "signin", redirectTo: null });
  });

  it("reads the register tab, a known dialog, the reset method and a local redirect", () => {
    expect(read("?tab=register&dialog=reset&method=username&redirectTo=%2Fuser-profile")).toEqual({
      dialog: "reset",
      method: "username",
      tab: "register",
      redirectTo: "/user-profile",
    });
  });

  it("ignores unknown dialogs, tabs and methods, and refuses a redirect off the site", () => {
    expect(read("?tab=admin&dialog=evil&method=sms&redirectTo=https%3A%2F%2Fevil.example")).toEqual({
      dialog: null,
      method: "email",
      tab: "signin",
      redirectTo: null,
    });
    expect(readResetMethod(null)).toBe("email");
    expect(readResetMethod("username")).toBe("username");
  });

  it("lets signed-in members stay only for the reset dialogs", () => {
    expect(signedInMayStay("reset")).toBe(true);
    expect(signedInMayStay("reset-sent")).toBe(true);
    for (const dialog of [null, "recover-username", "username-sent", "check-email"] as const)
      expect(signedInMayStay(dialog)).toBe(false);
  });

  it("shows the entered value only in the confirmation dialogs", () => {
    expect(["reset-sent", "username-sent", "check-email"].every((d) => showsSentValue(d as never))).toBe(true);
    expect(showsSentValue("reset")).toBe(false);
    expect(showsSentValue(null)).toBe(false);
  });

  it("builds the page's links, leaving empty parameters out", () => {
    expect(authHref({})).toBe("/auth");
    expect(authHref({ dialog: "reset", method: "email", redirectTo: null })).toBe("/auth?dialog=reset&method=email");
    expect(authTabHref("signin", "/forum?new=1")).toBe("/auth?redirectTo=%2Fforum%3Fnew%3D1");
    expect(authTabHref("register", null)).toBe("/auth?tab=register");
  });
});
