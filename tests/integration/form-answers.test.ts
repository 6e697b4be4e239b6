import { describe, expect, it } from "vitest";
import { createUser } from "~/accounts/users.server";
import { CONTENT_ALERT_TITLE } from "~/ai/moderation.server";
import { answerFor, isFormAnswer } from "~/components/form-answer";
import { ANGEL_FORM_ID, ANGEL_TEXTS, sentAngelNumber } from "~/numerology/angel";
import { BIRTH_DATE_FORM_ID, BIRTH_DATE_TEXTS } from "~/numerology/birth-date";
import { GENERATION_TEXTS } from "~/numerology/texts";
import { action as threeDViewer } from "~/routes/3d-viewer";
import { action as home } from "~/routes/_index";
import { action as angel } from "~/routes/angel";
import { action as login } from "~/routes/api.login";
import { action as astrology } from "~/routes/astrology.($planet)";
import { action as birthDate } from "~/routes/birth-date";
import { action as confirmPassword } from "~/routes/confirm-password";
import { action as notifications } from "~/routes/forum.notifications";
import { action as resetPassword } from "~/routes/reset-password";
import { action as birthData } from "~/routes/user-profile_.birth-data";
import { action as people } from "~/routes/user-profile_.people";
import { call, cookieFrom, formPost, jsonPost, routeRequest, type Answer } from "../support/routes";
import { uniqueName } from "./helpers/accounts";

/**
 * Every page form answers a failure in the site's one shape (decision 250): `FormAnswer`, `{ intent, result?, toast?,
 * error?, detail?, failure? }`, which each form reads with `answerFor`/`useFormAnswer` by its intent. The forum,
 * moderation and accounts pages' answers are checked by their own tests; these are the single-form pages that once
 * answered shapes of their own (`{ result, error, number }`, `{ result, title }`, a bare Conform reply, and since
 * decision 370 `{ error }`, `{ intent, message }` and `{ toast }`).
 */
const PREFERENCES = { style: "spiritual", composition: "brief", keywords: "" };

/** A failed answer: its status, and a FormAnswer (nothing else) that the form with `intent` reads. */
function failedAnswer(answer: Answer, intent: string, status = 400) {
  expect(answer.status).toBe(status);
  expect(isFormAnswer(answer.body), JSON.stringify(answer.body)).toBe(true);
  const read = answerFor(answer.body, intent);
  expect(read).toBe(answer.body);
  return read!;
}

describe("the type guard", () => {
  it("takes a FormAnswer and refuses the shapes the pages used to answer", () => {
    expect(isFormAnswer({ intent: "x", result: { status: "error" }, toast: { title: "t", description: "d" } })).toBe(
      true,
    );
    expect(isFormAnswer({ intent: "x", failure: { network: true, message: "m" }, error: "e", detail: "d" })).toBe(true);
    expect(isFormAnswer({ result: { status: "error" }, error: { title: "t", message: "m" }, number: 3 })).toBe(false);
    expect(isFormAnswer({ intent: "x", result: { status: "error" }, error: { title: "t", message: "m" } })).toBe(false);
    expect(isFormAnswer({ intent: "x", result: { status: "error" }, title: "t" })).toBe(false);
    expect(isFormAnswer({ status: "error", initialValue: {}, error: {} })).toBe(false);
    expect(isFormAnswer({ intent: "x", toast: { description: "no title" } })).toBe(false);
  });
});

describe("the home generator", () => {
  it("an invalid form: 'Generation Failed' with the first message", async () => {
    const answer = failedAnswer(await call(home, formPost("/?index", { ...PREFERENCES, number: "10" })), "generator");
    expect(answer.toast?.title).toBe(GENERATION_TEXTS.failedTitle);
    expect(answer.toast?.description).toBeTruthy();
    expect(answer.result?.status).toBe("error");
  });

  it("screened keywords on a generation: 'Content Alert', and the number sent in Conform's result", async () => {
    const sent = { ...PREFERENCES, keywords: "murder", number: "7" };
    const answer = failedAnswer(await call(home, formPost("/?index", sent)), "generator");
    expect(answer.toast?.title).toBe(CONTENT_ALERT_TITLE);
    expect(answer.result?.status).toBe("success");
    expect(answer.result?.initialValue?.number).toBe("7");
  });

  it("screened keywords on 'Save preferences': 'Content Alert'", async () => {
    const sent = { ...PREFERENCES, keywords: "murder", intent: "preferences", returnTo: "/" };
    const answer = failedAnswer(await call(home, formPost("/?index", sent)), "generator");
    expect(answer.toast?.title).toBe(CONTENT_ALERT_TITLE);
  });
});

describe("/angel", () => {
  it("no number: the spec's title and message", async () => {
    const answer = failedAnswer(await call(angel, formPost("/angel", { ...PREFERENCES, number: "" })), ANGEL_FORM_ID);
    expect(answer.toast).toEqual({ title: ANGEL_TEXTS.emptyTitle, description: ANGEL_TEXTS.emptyMessage });
    expect(answer.error).toBe(ANGEL_TEXTS.emptyMessage);
  });

  it("a malformed number: the spec's pair, and what was typed comes back", async () => {
    const answer = failedAnswer(
      await call(angel, formPost("/angel", { ...PREFERENCES, number: "12a4" })),
      ANGEL_FORM_ID,
    );
    expect(answer.toast?.title).toBe(ANGEL_TEXTS.invalidTitle);
    expect(sentAngelNumber(answer)).toBe("12a4");
  });

  it("screened keywords: 'Connection Error', the reason in the toast and the screen's words on a line below", async () => {
    const sent = { ...PREFERENCES, keywords: "murder", number: "777" };
    const answer = failedAnswer(await call(angel, formPost("/angel", sent)), ANGEL_FORM_ID);
    expect(answer.toast).toEqual({
      title: ANGEL_TEXTS.connectionErrorTitle,
      description: "Unable to decode angel number: inappropriate keywords. Please try again.",
    });
    expect(answer.error).toBe(ANGEL_TEXTS.decodeFailed);
    expect(answer.detail).toMatch(/^Content Alert: /);
    expect(sentAngelNumber(answer)).toBe("777");
  });
});

describe("/birth-date", () => {
  it("an empty date and an impossible one: the spec's titles and messages", async () => {
    const empty = failedAnswer(await call(birthDate, formPost("/birth-date", { birthDate: "" })), BIRTH_DATE_FORM_ID);
    expect(empty.toast?.title).toBe(BIRTH_DATE_TEXTS.requiredTitle);
    const impossible = failedAnswer(
      await call(birthDate, formPost("/birth-date", { birthDate: "02/30/2020" })),
      BIRTH_DATE_FORM_ID,
    );
    expect(impossible.toast?.title).toBe(BIRTH_DATE_TEXTS.invalidTitle);
    expect(impossible.result?.initialValue?.birthDate).toBe("02/30/2020");
  });

  it("a success answers the same form with the analysis beside it", async () => {
    const ok = await call(birthDate, formPost("/birth-date", { birthDate: "01/15/1990" }));
    expect(ok.status).toBe(200);
    const answer = answerFor(ok.body, BIRTH_DATE_FORM_ID);
    expect(answer?.analysis.birthDate).toBe("01/15/1990");
    expect(answer?.toast).toBeUndefined();
  });
});

describe("the astrology preferences form", () => {
  it("screened keywords: the summary's title in `toast`, the screen's words under Keywords", async () => {
    const sent = { ...PREFERENCES, keywords: "murder", intent: "preferences" };
    const answer = failedAnswer(await call(astrology, formPost("/astrology/Mars", sent)), "preferences");
    expect(answer.toast?.title).toBe(CONTENT_ALERT_TITLE);
    expect(answer.result?.error?.keywords?.[0]).toBeTruthy();
  });

  it("another form's intent is refused as this form's failure", async () => {
    const answer = failedAnswer(
      await call(astrology, formPost("/astrology/Mars", { ...PREFERENCES, intent: "other" })),
      "preferences",
    );
    expect(answer.toast?.title).toBe(GENERATION_TEXTS.preferencesSaveFailed);
    expect(answer.result?.error?.[""]).toEqual(["Unknown form."]);
  });
});

describe("/reset-password", () => {
  it("passwords that differ, and a link that is no good: the form's errors, the passwords not sent back", async () => {
    const sent = { token: "not-a-real-token", password: "NewPass456", confirmPassword: "Other456" };
    const mismatch = failedAnswer(await call(resetPassword, formPost("/reset-password", sent)), "reset-password");
    expect(mismatch.result?.error?.confirmPassword?.[0]).toBeTruthy();
    expect(mismatch.result?.initialValue?.password).toBeUndefined();
    const badToken = failedAnswer(
      await call(resetPassword, formPost("/reset-password", { ...sent, confirmPassword: "NewPass456" })),
      "reset-password",
    );
    expect(badToken.result?.error?.[""]).toEqual([
      "This password reset link is invalid or has expired. Please request a new one.",
    ]);
  });
});

/** A signed-in member's session cookie. */
async function signedIn(): Promise<string> {
  const username = uniqueName("answers");
  const password = "Passw0rd!x";
  await createUser({ username, email: `${username}@example.test`, password, isEmailVerified: true });
  const answer = await call(login, jsonPost("/api/login", { username, password }));
  expect(answer.status).toBe(200);
  return cookieFrom(answer.headers);
}

describe("the pages that answered shapes of their own until decision 370", () => {
  it("/confirm-password: no password, and a wrong one: the message in `error`", async () => {
    const cookie = await signedIn();
    const confirm = (password: string) =>
      call(confirmPassword, formPost("/confirm-password", { password, returnTo: "/admin/emails" }, cookie));
    expect(failedAnswer(await confirm(""), "confirm-password").error).toBe("Enter your password.");
    const wrong = failedAnswer(await confirm("not the password"), "confirm-password");
    expect(wrong.error).toBeTruthy();
    expect(wrong.result).toBeUndefined();
  });

  it("/user-profile/birth-data and /user-profile/people: the refused form's intent, the reason in `error`", async () => {
    const cookie = await signedIn();
    const chart = failedAnswer(
      await call(birthData, formPost("/user-profile/birth-data", { intent: "save-chart", date: "1990-10-28" }, cookie)),
      "save-chart",
    );
    expect(chart.error).toBe("Choose a birthplace on the birth chart page first.");
    const unknown = failedAnswer(
      await call(birthData, formPost("/user-profile/birth-data", { intent: "other" }, cookie)),
      "other",
    );
    expect(unknown.error).toBe("Unknown form.");
    const nameless = failedAnswer(
      await call(people, formPost("/user-profile/people", { intent: "add-person", name: " " }, cookie)),
      "add-person",
    );
    expect(nameless.error).toBe("Give the person a name.");
  });

  it("/forum/notifications: an unknown form is the forum's 'Unknown action' toast", async () => {
    const answer = failedAnswer(
      await call(notifications, formPost("/forum/notifications", { intent: "other" }, await signedIn())),
      "unknown",
    );
    expect(answer.toast).toEqual({ title: "Unknown action" });
  });

  it("/3d-viewer without JavaScript: a refused upload's reason in `error`", async () => {
    const request = routeRequest("/3d-viewer", { formData: new FormData() });
    const answer = await call(threeDViewer, request);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(failedAnswer(answer, "upload", answer.status).error).toBeTruthy();
  });
});
