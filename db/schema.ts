import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { FLAG_REASONS } from "./flag-reasons";
import {
  FORUM_CATEGORY_WATCH_LEVELS,
  FORUM_MAIL_DELIVERIES,
  FORUM_NOTIFICATION_KINDS,
  FORUM_WATCH_LEVELS,
} from "./forum-notification-kinds";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

/** PostgreSQL's text-search document type (issue 35); its columns are generated, never written by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------- accounts

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email"),
    passwordHash: text("password_hash").notNull(),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    /** sha-256 of the token mailed to the member; the token itself is never stored. */
    emailVerificationToken: text("email_verification_token"),
    emailVerificationTokenExpires: timestamp("email_verification_token_expires", { withTimezone: true, mode: "date" }),
    passwordResetToken: text("password_reset_token"),
    passwordResetTokenExpires: timestamp("password_reset_token_expires", { withTimezone: true, mode: "date" }),
    forumNotifications: boolean("forum_notifications").notNull().default(true),
    unsubscribeToken: text("unsubscribe_token"),
    role: text("role", { enum: ["member", "moderator", "admin"] })
      .notNull()
      .default("member"),
    /** Moderation (decision 026): cannot post until then; cannot sign in until then. Lifted by the clock. */
    silencedUntil: timestamp("silenced_until", { withTimezone: true, mode: "date" }),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true, mode: "date" }),
    /**
     * Forum read tracking (decision 310): topics started before this instant that the member never opened are not
     * "new" to them; set by "Mark all read". Null: since they joined (created_at).
     */
    forumReadSince: timestamp("forum_read_since", { withTimezone: true, mode: "date" }),
    /**
     * When the member was last seen signed in (decision 352): written with the session's own `last_seen_at` (at most
     * every few minutes) and at sign-in, and kept when sessions end; the weekly digest goes to members away a week.
     */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    // A verified address belongs to one account (decision 295 and its migration settle earlier duplicates).
    uniqueIndex("users_verified_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isEmailVerified}`),
    uniqueIndex("users_email_verification_token_idx").on(t.emailVerificationToken),
    uniqueIndex("users_password_reset_token_idx").on(t.passwordResetToken),
    uniqueIndex("users_unsubscribe_token_idx").on(t.unsubscribeToken),
    index("users_last_seen_idx").on(t.lastSeenAt),
  ],
);

/**
 * A signed-in browser (decision 011). The cookie carries a random id; only its sha-256 is stored, so a copy of
 * this table cannot be replayed as cookies. A row ends at sign-out, after `SESSION_IDLE_DAYS` without a visit
 * or `SESSION_MAX_AGE_DAYS` after sign-in, and when the member's password or e-mail address changes.
 */
export const sessions = pgTable(
  "sessions",
  {
    /** sha-256 (hex) of the id in the cookie */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** a coarse label from the User-Agent at sign-in ("Chrome on Linux"); the header itself is not kept */
    device: text("device").notNull(),
    createdAt: createdAt(),
    /** updated at most every few minutes, not on every request */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** when the member last proved it is them in this browser (sign-in, or the password again: decision 164) */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * A staff member's TOTP second factor (issue 33, decision 210): the RFC 6238 secret, AES-256-GCM encrypted with the
 * server's TOTP key (never stored in the clear), switched on once a first code confirmed it (`enabled_at`), and
 * the last time step accepted, so a code is never accepted twice.
 */
export const userTotp = pgTable("user_totp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** "v1.<iv>.<tag>.<ciphertext>" (base64url) of the base32 secret */
  secretEncrypted: text("secret_encrypted").notNull(),
  /** null while enrolment waits for the first code */
  enabledAt: timestamp("enabled_at", { withTimezone: true, mode: "date" }),
  /** the time step (unix seconds / 30) of the last code accepted; codes of this step or earlier are refused */
  lastTimeStep: bigint("last_time_step", { mode: "number" }),
  createdAt: createdAt(),
});

/**
 * Admins' bearer tokens for the e-mail export API (issue 46, decision 291): made on /admin/api-tokens by a signed-in
 * admin who passed the second factor, shown once, kept as sha-256 (256 random bits: no slow hash needed), each with
 * an expiry; revoked by hand, and all of an admin's when their second factor is turned off.
 */
export const adminApiTokens = pgTable(
  "admin_api_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the admin's own label ("nightly newsletter export") */
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_api_tokens_user_idx").on(t.userId)],
);

/** One-time recovery codes of a second factor (decisions 210, 293): salted slow hashes only; each used once. */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The code's first group, in the clear: which row to check, so a code costs one slow hash, not ten (decision
     * 293). Null only for a code of before (hashed unsalted), which the migration deletes.
     */
    lookup: text("lookup"),
    /** The rest of the code (at least 112 bits) under the password KDF, salted: `scrypt$N$r$p$salt$hash`. */
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_recovery_codes_user_hash_idx").on(t.userId, t.codeHash),
    uniqueIndex("user_recovery_codes_user_lookup_idx").on(t.userId, t.lookup),
  ],
);

/**
 * A sign-in waiting for its second factor (decision 210): the password was right, the code is still to come. The
 * browser holds a random token in a signed cookie; the row keeps its sha-256, the member, where to go next and an
 * expiry five minutes on. Deleted when used, so it serves one sign-in only.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    /** sha-256 (hex) of the token in the cookie */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redirectTo: text("redirect_to"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_challenges_user_idx").on(t.userId)],
);

/**
 * A member's saved birth (issue 34, decision 171): the chart's inputs and the names for the name numbers, one row
 * per member, private to them and deleted with the account (ON DELETE CASCADE). The chart itself is recomputed,
 * never stored. `calendarKeyVersion` is part of the personal calendar address's keyed hash: bumping it revokes
 * the address without storing the key.
 */
export const birthProfiles = pgTable("birth_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** YYYY-MM-DD, local date at the birthplace */
  birthDate: text("birth_date"),
  /** HH:MM local clock time, null when unknown */
  birthTime: text("birth_time"),
  /** GeoNames id of the birthplace */
  placeId: integer("place_id"),
  houseSystem: text("house_system", { enum: ["placidus", "whole-sign"] })
    .notNull()
    .default("placidus"),
  /** which of two repeated clock times, when the time happened twice */
  fold: text("fold", { enum: ["earlier", "later"] }),
  birthName: text("birth_name"),
  currentName: text("current_name"),
  yConvention: text("y_convention", { enum: ["consonant", "vowel"] })
    .notNull()
    .default("consonant"),
  calendarKeyVersion: integer("calendar_key_version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Other people's births a member keeps for the compatibility page (decision 301): the chart's inputs and the name
 * the member gives, private to that member, deleted with the account (ON DELETE CASCADE) or one by one.
 */
export const savedPeople = pgTable(
  "saved_people",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the name the member gives (the name numbers read it) */
    name: text("name").notNull(),
    /** YYYY-MM-DD, local date at the birthplace */
    birthDate: text("birth_date").notNull(),
    /** HH:MM local clock time, null when unknown */
    birthTime: text("birth_time"),
    /** GeoNames id of the birthplace */
    placeId: integer("place_id").notNull(),
    /** which of two repeated clock times, when the time happened twice */
    fold: text("fold", { enum: ["earlier", "later"] }),
    createdAt: createdAt(),
  },
  (t) => [index("saved_people_user_idx").on(t.userId, t.id)],
);

// ------------------------------------------------------------------------------------- visitor content

/** Preferences per anonymous visitor session id (the `x-session-id` of the spec). */
export const preferences = pgTable("preferences", {
  sessionId: text("session_id").primaryKey(),
  style: text("style", { enum: ["poetic", "scientific", "spiritual", "practical"] })
    .notNull()
    .default("poetic"),
  composition: text("composition", { enum: ["brief", "detailed", "metaphorical", "simple"] })
    .notNull()
    .default("detailed"),
  keywords: text("keywords").notNull().default(""),
  updatedAt: updatedAt(),
});

export const generatedContents = pgTable(
  "generated_contents",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    number: integer("number").notNull(),
    style: text("style").notNull(),
    composition: text("composition").notNull(),
    keywords: text("keywords").notNull().default(""),
    principle: jsonb("principle").$type<{ title: string; content: string; insight: string }>().notNull(),
    affirmation: text("affirmation").notNull(),
    imageUrl: text("image_url"),
    provider: text("provider").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("generated_contents_session_idx").on(t.sessionId, t.createdAt.desc())],
);

export const angelReadings = pgTable(
  "angel_readings",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    sessionId: text("session_id").notNull(),
    /** keyed hash (HMAC) of the visitor's IP address, never the address itself */
    ipAddress: text("ip_address"),
    meaning: text("meaning").notNull(),
    guidance: text("guidance").notNull(),
    personalizedMessage: text("personalized_message").notNull(),
    /** JSON text of [{digit, principle, meaning}] */
    universalPrinciples: text("universal_principles").notNull().default("[]"),
    /** JSON text of {digit, calculation, principle, meaning} */
    reducedDigit: text("reduced_digit").notNull().default("{}"),
    style: text("style").notNull(),
    composition: text("composition").notNull(),
    keywords: text("keywords").notNull().default(""),
    /** who wrote the texts ("offline-budget": the day's budget was spent); null for readings saved before it was kept */
    provider: text("provider"),
    createdAt: createdAt(),
  },
  (t) => [index("angel_readings_session_idx").on(t.sessionId, t.createdAt.desc())],
);

// ----------------------------------------------------------------------------------------------- forum

/**
 * A post's or topic's moderation state: hidden (by a moderator, or by members' flags pending review: hidden_by
 * null) shows a notice in its place; deleted is gone from the forum but kept for the record.
 */
const moderationColumns = () => ({
  hiddenAt: timestamp("hidden_at", { withTimezone: true, mode: "date" }),
  hiddenBy: integer("hidden_by"),
  hiddenReason: text("hidden_reason"),
  deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
});

export const forumTopics = pgTable(
  "forum_topics",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    category: text("category").notNull().default("general"),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Number of posts in the topic, kept in the same transaction as each insert. */
    postCount: integer("post_count").notNull().default(0),
    /** Moderation (decision 026): a locked topic takes no replies; hidden/deleted topics leave the forum. */
    lockedAt: timestamp("locked_at", { withTimezone: true, mode: "date" }),
    ...moderationColumns(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Forum search (decision 180): the title weighs most (A), then the description (B); English stemming. */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')`,
      ),
  },
  (t) => [
    index("forum_topics_search_idx").using("gin", t.searchVector),
    index("forum_topics_activity_idx").on(t.lastActivityAt.desc(), t.id.desc()),
    index("forum_topics_category_activity_idx").on(t.category, t.lastActivityAt.desc(), t.id.desc()),
    index("forum_topics_author_idx").on(t.authorId),
  ],
);

export const forumPosts = pgTable(
  "forum_posts",
  {
    id: serial("id").primaryKey(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Position in the topic (#1, #2, …), assigned from the topic's post_count under its row lock. */
    number: integer("number").notNull(),
    content: text("content").notNull(),
    /** Likes (decision 312), kept in the same transaction as each like and unlike. */
    likeCount: integer("like_count").notNull().default(0),
    ...moderationColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Forum search (decision 180): a post's text weighs below its topic's title and description (C). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english'::regconfig, content), 'C')`),
  },
  (t) => [
    index("forum_posts_search_idx").using("gin", t.searchVector),
    uniqueIndex("forum_posts_topic_number_idx").on(t.topicId, t.number),
    index("forum_posts_author_idx").on(t.authorId, t.createdAt.desc()),
  ],
);

/**
 * Read tracking (decision 310, as Discourse's topic_users): per member and topic, the highest post number the member
 * has had on screen. One row per member and topic, written by the topic page the member opened (so without
 * JavaScript too); no trigger announces it, since no shared page shows it (the forum list's marks are a member hole).
 */
export const forumTopicReads = pgTable(
  "forum_topic_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    lastReadNumber: integer("last_read_number").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] }), index("forum_topic_reads_topic_idx").on(t.topicId)],
);

/** A member's like of a post (decision 312): one per member and post. */
export const forumPostLikes = pgTable(
  "forum_post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("forum_post_likes_user_idx").on(t.userId)],
);

/**
 * A member's bookmark of a post (decision 360): one per member and post, listed on their own member page only
 * (newest first: the second index), removable there and on the post's card.
 */
export const forumBookmarks = pgTable(
  "forum_bookmarks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index("forum_bookmarks_user_created_idx").on(t.userId, t.createdAt.desc(), t.postId.desc()),
    // a post's removal (a topic or an account deleted) finds its bookmarks without reading the whole table
    index("forum_bookmarks_post_idx").on(t.postId),
  ],
);

/**
 * What the forum tells a member (decision 312): someone replied to their topic or liked their post. At most one of
 * each kind per member, post and actor (a like taken back and given again notifies once).
 */
export const forumNotifications = pgTable(
  "forum_notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FORUM_NOTIFICATION_KINDS }).notNull(),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    /** null only for a new topic in a watched category (`watched_topic`: a topic has no post of its own) */
    postId: integer("post_id").references(() => forumPosts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    /** when its mail went out, at once or in a digest (decision 351): never twice */
    emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("forum_notifications_user_idx").on(t.userId, t.id.desc()),
    index("forum_notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex("forum_notifications_once_idx").on(t.userId, t.kind, t.postId, t.actorId),
    // A new topic notifies each watcher of its category once (a null post_id is not caught by the index above).
    uniqueIndex("forum_notifications_topic_once_idx")
      .on(t.userId, t.topicId)
      .where(sql`${t.postId} is null`),
  ],
);

/**
 * A member's watch level of one topic (decision 350, Discourse's topic_users.notification_level): watching (every
 * post notifies), tracking (the unread count), normal (only what names them), muted (nothing, and out of New and
 * Unread). No row: the category's level, else the default (tracking once opened).
 */
export const forumTopicWatches = pgTable(
  "forum_topic_watches",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    level: text("level", { enum: FORUM_WATCH_LEVELS }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topicId] }),
    // the watchers of a topic, for the fan-out of a new post
    index("forum_topic_watches_topic_idx")
      .on(t.topicId)
      .where(sql`${t.level} = 'watching'`),
    check("forum_topic_watches_level_check", sql`${t.level} in ('watching', 'tracking', 'normal', 'muted')`),
  ],
);

/**
 * A member's watch level of one forum category (decision 350): watching notifies each new topic and post in it;
 * watching first post (decision 420) each new topic only.
 */
export const forumCategoryWatches = pgTable(
  "forum_category_watches",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    level: text("level", { enum: FORUM_CATEGORY_WATCH_LEVELS }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category] }),
    // the watchers of a category's new topics (both levels) and of its posts (watching: implied by this predicate)
    index("forum_category_watches_category_idx")
      .on(t.category)
      .where(sql`${t.level} in ('watching', 'watching_first_post')`),
    check(
      "forum_category_watches_level_check",
      sql`${t.level} in ('watching', 'tracking', 'watching_first_post', 'normal', 'muted')`,
    ),
  ],
);

const mailDelivery = (name: string, fallback: (typeof FORUM_MAIL_DELIVERIES)[number]) =>
  text(name, { enum: FORUM_MAIL_DELIVERIES }).notNull().default(fallback);

/**
 * A member's choice of forum mail (decision 351), per notification kind: at once, in the weekly digest, or never;
 * and whether the weekly digest comes at all. No row: the defaults below. `users.forum_notifications` off (the
 * unsubscribe link of older mails, the profile's switch) stops every forum mail whatever this says.
 */
export const forumMailSettings = pgTable(
  "forum_mail_settings",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    reply: mailDelivery("reply", "now"),
    mention: mailDelivery("mention", "now"),
    quote: mailDelivery("quote", "now"),
    like: mailDelivery("like", "digest"),
    watchedPost: mailDelivery("watched_post", "now"),
    watchedTopic: mailDelivery("watched_topic", "now"),
    weeklyDigest: boolean("weekly_digest").notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "forum_mail_settings_delivery_check",
      sql`${t.reply} in ('now', 'digest', 'never') and ${t.mention} in ('now', 'digest', 'never')
        and ${t.quote} in ('now', 'digest', 'never') and ${t.like} in ('now', 'digest', 'never')
        and ${t.watchedPost} in ('now', 'digest', 'never') and ${t.watchedTopic} in ('now', 'digest', 'never')`,
    ),
  ],
);

/**
 * The weekly digests sent (decision 352): one row per member and week (the Monday, UTC, that starts it), written
 * before the mail is queued, so no two instances and no second run send a week's digest twice. `covered_until`: the
 * digest told of what happened up to then; the next starts there.
 */
export const forumDigests = pgTable(
  "forum_digests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    week: text("week").notNull(),
    coveredFrom: timestamp("covered_from", { withTimezone: true, mode: "date" }).notNull(),
    coveredUntil: timestamp("covered_until", { withTimezone: true, mode: "date" }).notNull(),
    /** null while the mail job has not run; set when the mail went out (a digest with nothing to say sends none) */
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] }), index("forum_digests_user_idx").on(t.userId, t.coveredUntil)],
);

// ------------------------------------------------------------------------------------------ moderation

/** A member's flag on a post or a topic (exactly one of the two): once per member and item, ever. */
export const moderationFlags = pgTable(
  "moderation_flags",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id").references(() => forumPosts.id, { onDelete: "cascade" }),
    topicId: integer("topic_id").references(() => forumTopics.id, { onDelete: "cascade" }),
    flaggerId: integer("flagger_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: FLAG_REASONS }).notNull(),
    note: text("note"),
    /** Set when a moderator acts on the item (keep, hide, delete): the flag leaves the queue. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("moderation_flags_post_flagger_idx")
      .on(t.postId, t.flaggerId)
      .where(sql`${t.postId} is not null`),
    uniqueIndex("moderation_flags_topic_flagger_idx")
      .on(t.topicId, t.flaggerId)
      .where(sql`${t.topicId} is not null`),
    index("moderation_flags_open_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.resolvedAt} is null`),
    index("moderation_flags_flagger_idx").on(t.flaggerId, t.createdAt.desc()),
    check("moderation_flags_one_target", sql`(${t.postId} is null) <> (${t.topicId} is null)`),
  ],
);

/** Every moderation action: who, what, when, why, and the state before and after (the audit log). */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: serial("id").primaryKey(),
    /** null when the system acted (the flag threshold hid an item) */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    /** post | topic | user */
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    /** the member the action concerns (the author, or the member silenced/suspended/warned/promoted) */
    subjectUserId: integer("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    subjectName: text("subject_name"),
    reason: text("reason").notNull(),
    before: jsonb("before").notNull().default({}),
    after: jsonb("after").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_actions_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("moderation_actions_subject_idx").on(t.subjectUserId, t.createdAt.desc()),
  ],
);

// ------------------------------------------------------------------------------------------- astrology

export const astrologySnapshots = pgTable(
  "astrology_snapshots",
  {
    id: serial("id").primaryKey(),
    takenAt: timestamp("taken_at", { withTimezone: true, mode: "date" }).notNull(),
    // The sky as computed (app/astrology/ephemeris.server.ts `AstronomicalData`): db/ imports nothing from app/,
    // so astrology/snapshots.server.ts, which writes and reads it, owns its shape.
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("astrology_snapshots_taken_at_idx").on(t.takenAt.desc())],
);

export const astrologyEvents = pgTable(
  "astrology_events",
  {
    id: serial("id").primaryKey(),
    /** ingress | station-retrograde | station-direct | lunar-phase */
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    occursAt: timestamp("occurs_at", { withTimezone: true, mode: "date" }).notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("astrology_events_unique_idx").on(t.kind, t.body, t.occursAt),
    index("astrology_events_occurs_idx").on(t.occursAt),
  ],
);

// ---------------------------------------------------------------------------------------------- speech

export const ttsAudio = pgTable(
  "tts_audio",
  {
    id: serial("id").primaryKey(),
    /** sha-256 of (provider, voice, text): the cache key and the ETag */
    cacheKey: text("cache_key").notNull(),
    voiceId: text("voice_id").notNull(),
    provider: text("provider").notNull(),
    textLength: integer("text_length").notNull(),
    audio: bytea("audio").notNull(),
    durationSeconds: real("duration_seconds").notNull(),
    /** where each sentence is heard, in seconds (read-along, decision 191) */
    sentences: jsonb("sentences").$type<Array<{ text: string; start: number; end: number }>>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tts_audio_cache_key_idx").on(t.cacheKey), index("tts_audio_last_used_idx").on(t.lastUsedAt)],
);

/**
 * Personalised planetary readings, one per planet, sign, preferences and UTC day (decision 095): a page view or
 * a reload is served from here instead of a new (possibly paid) provider call.
 */
export const astrologyReadingCache = pgTable(
  "astrology_reading_cache",
  {
    cacheKey: text("cache_key").primaryKey(),
    reading: text("reading").notNull(),
    provider: text("provider").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("astrology_reading_cache_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------- 3D models

export const models3d = pgTable(
  "models3d",
  {
    /** the urn handed to the browser: random, unguessable */
    urn: text("urn").primaryKey(),
    originalName: text("original_name").notNull(),
    format: text("format").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** bytes this model occupies in storage (upload + GLB + poster): the storage cap's measure */
    storedBytes: bigint("stored_bytes", { mode: "number" }).notNull().default(0),
    /** stored | parsing | converting | optimising | success | failed */
    status: text("status").notNull().default("stored"),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    sessionId: text("session_id"),
    /** whose upload it is: `user:<id>` for a member, `ip:<keyed hash>` for a visitor; null for the site's own */
    ownerKey: text("owner_key"),
    sourceKey: text("source_key").notNull(),
    glbKey: text("glb_key"),
    vertexCount: integer("vertex_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("models3d_expires_idx").on(t.expiresAt),
    index("models3d_created_idx").on(t.createdAt),
    index("models3d_owner_idx").on(t.ownerKey, t.status),
  ],
);

/**
 * The names of ADMIN_USERNAMES as they were read (decision 163): each name is considered once, at the first boot
 * that reads it; `user_id` is the account it granted the admin role to, or null when no account had that name
 * then (a later registration of that name is never made admin: scripts/make-admin grants it).
 */
export const adminNameGrants = pgTable("admin_name_grants", {
  username: text("username").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  readAt: createdAt(),
});

// ------------------------------------------------------------------------------------------ infrastructure

/** Fixed-window counters for abuse limits, shared by every instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------- stored files

/**
 * The shared file store (decision 280): every file a member makes (uploads, converted models, posters, generated
 * pictures) and the backup archives, kept in the database so that any instance reads what another wrote. A file
 * is a row here and its bytes are `stored_file_chunks` of `chunk_size` bytes (the last one shorter). A file is
 * readable once `complete`: it is written chunk by chunk in short statements, then completed in one transaction
 * that also replaces an older file of the same key. Not dumped as tables by backups: the archive holds them as files.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    contentType: text("content_type"),
    chunkSize: integer("chunk_size").notNull(),
    complete: boolean("complete").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stored_files_key_idx")
      .on(t.key)
      .where(sql`${t.complete}`),
    index("stored_files_key_prefix_idx").on(sql`${t.key} text_pattern_ops`),
    index("stored_files_incomplete_idx")
      .on(t.createdAt)
      .where(sql`not ${t.complete}`),
  ],
);

export const storedFileChunks = pgTable(
  "stored_file_chunks",
  {
    fileId: bigint("file_id", { mode: "number" })
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * Every backup archive (decisions 200-203, 283): its bytes are the stored file `backups/<name>`; listed and
 * downloadable on every instance. Not dumped by backups (an archive does not hold the archives).
 */
export const backups = pgTable("backups", {
  name: text("name").primaryKey(),
  bytes: bigint("bytes", { mode: "number" }).notNull(),
  sha256: text("sha256").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Jobs that were waiting in pg-boss 10's schema when the site moved to pg-boss 12, whose schema starts anew
 * (decision 380): the migration that dropped the old schema copied them here, and the first worker to start hands
 * them to the queue and deletes them, in one transaction (app/jobs/queue.server.ts). Empty ever after.
 */
export const jobCarryover = pgTable("job_carryover", {
  id: serial("id").primaryKey(),
  queue: text("queue").notNull(),
  payload: jsonb("payload"),
  runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull(),
  singletonKey: text("singleton_key"),
  /** the retries the job had left */
  retriesLeft: integer("retries_left").notNull(),
});
