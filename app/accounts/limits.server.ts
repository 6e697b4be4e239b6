import { hashIp } from "~/utils/http.server";
import {
  hitRateLimit,
  peekRateLimit,
  resetRateLimit,
  tooManyRequestsMessage,
  type RateLimit,
} from "~/utils/rate-limit.server";
import { failure, type AccountFailure } from "./errors";

/**
 * The accounts domain's abuse limits (kept in Postgres, so they hold across instances). IPs are keyed by their
 * keyed hash (DESIGN decision 8); account keys by the lower-cased login.
 */
const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const limits = {
  /**
   * Failed sign-ins per account AND client address together (ASVS 2.2.1, decision 294): five wrong passwords lock
   * that account from that address only, so a stranger elsewhere cannot lock its owner out. Spraying from one
   * address is held by `loginIp`.
   */
  loginAccount: (login: string, ip: string): RateLimit => ({
    key: `login:account-ip:${login.trim().toLowerCase()}:${hashIp(ip)}`,
    limit: 5,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  /** Wrong current passwords of a signed-in member (the e-mail change, re-authentication): only they can cause it. */
  currentPassword: (userId: number): RateLimit => ({
    key: `password-check:user:${userId}`,
    limit: 5,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  /**
   * Wrong second-factor codes (TOTP or recovery) per account, counted on their own (decision 294): they never lock
   * the password sign-in, and a right password does not clear them. Only someone who knows the password (or holds
   * the session) reaches a code check, so the account alone is the key.
   */
  secondFactor: (userId: number): RateLimit => ({
    key: `second-factor:user:${userId}`,
    limit: 5,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  /** Failed sign-ins per IP, across accounts (password spraying). */
  loginIp: (ip: string): RateLimit => ({ key: `login:ip:${hashIp(ip)}`, limit: 30, windowSeconds: FIFTEEN_MINUTES }),
  register: (ip: string): RateLimit => ({ key: `register:ip:${hashIp(ip)}`, limit: 10, windowSeconds: HOUR }),
  /** Reset and reminder requests per IP (generous: many people can share one address)… */
  recoveryMail: (ip: string): RateLimit => ({ key: `recovery:ip:${hashIp(ip)}`, limit: 30, windowSeconds: HOUR }),
  /** …and per target (an e-mail address or a username), so one mailbox is not flooded. */
  recoveryTarget: (target: string): RateLimit => ({
    key: `recovery:target:${hashIp(target.trim().toLowerCase())}`,
    limit: 5,
    windowSeconds: HOUR,
  }),
  /** …and per username per day (requests naming an address count against `mailAddressDaily` instead). */
  recoveryTargetDaily: (target: string): RateLimit => ({
    key: `recovery:target-day:${hashIp(target.trim().toLowerCase())}`,
    limit: 6,
    windowSeconds: DAY,
  }),
  /**
   * Mails that anyone may cause to be sent to one address (recovery, reminders, verification), per day. Counted
   * by the request where it knows the address, by the mail job where only the job does (reset by username).
   * Notifications have a budget of their own (app/mail/notification-budget.server.ts) and security notices none:
   * neither spends this one (decision 290).
   */
  mailAddressDaily: (address: string): RateLimit => ({
    key: `mail:address-day:${hashIp(address.trim().toLowerCase())}`,
    limit: 6,
    windowSeconds: DAY,
  }),
  /** Verification mails (re)sent per account. */
  verificationMail: (userId: number): RateLimit => ({ key: `verify:user:${userId}`, limit: 5, windowSeconds: HOUR }),
};

/**
 * Counts one request against every limit only when all allow it (a refused request uses up nothing); returns
 * the 429 failure otherwise, with the longest wait.
 */
export async function underLimits(list: RateLimit[]): Promise<AccountFailure | null> {
  const refused = (states: Array<{ allowed: boolean; retryAfterSeconds: number }>) =>
    failure(429, tooManyRequestsMessage(Math.max(...states.map((s) => s.retryAfterSeconds))));
  const peeked = await Promise.all(list.map(peekRateLimit));
  if (!peeked.every((s) => s.allowed)) return refused(peeked);
  const hit = await Promise.all(list.map(hitRateLimit));
  return hit.every((s) => s.allowed) ? null : refused(hit);
}

export { hitRateLimit, peekRateLimit, resetRateLimit };
