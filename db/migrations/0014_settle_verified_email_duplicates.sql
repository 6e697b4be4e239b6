-- Custom SQL migration file, put your code below! -----
-- Decision 295: before 0015 makes a verified address unique, settle the addresses that several accounts verified.
-- The earliest account (the lowest id: accounts are numbered as they are created) keeps the address verified; every
-- later one becomes unverified (its address stays on it, and its member can verify another one from the profile).
UPDATE "users" SET "is_email_verified" = false
WHERE "is_email_verified"
  AND "email" IS NOT NULL
  AND "id" NOT IN (
    SELECT DISTINCT ON (lower("email")) "id"
    FROM "users"
    WHERE "is_email_verified" AND "email" IS NOT NULL
    ORDER BY lower("email"), "id"
  );
