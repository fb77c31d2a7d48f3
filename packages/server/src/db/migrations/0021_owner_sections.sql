ALTER TABLE "application_owners" ADD COLUMN "owner_section" integer;--> statement-breakpoint
-- Owners named before sections existed (decision 059): the primary is owner 1; the additional owners take 2, 3, ...
-- in the primary's list order, current owners before removed ones (a removed owner keeps a section for history).
UPDATE "application_owners" SET "owner_section" = 1 WHERE "kind" = 'primaryApplicant';--> statement-breakpoint
UPDATE "application_owners" AS o SET "owner_section" = n."section"
FROM (
  SELECT "id", 1 + row_number() OVER (
    PARTITION BY "application_id"
    ORDER BY ("removed_at" IS NOT NULL), "position", "created_at", "id"
  ) AS "section"
  FROM "application_owners"
  WHERE "kind" = 'additionalOwner'
) AS n
WHERE o."id" = n."id" AND n."section" <= 99;--> statement-breakpoint
CREATE UNIQUE INDEX "application_owners_section_uq" ON "application_owners" USING btree ("application_id","owner_section") WHERE "application_owners"."removed_at" is null and "application_owners"."owner_section" is not null;--> statement-breakpoint
ALTER TABLE "application_owners" ADD CONSTRAINT "application_owners_section_valid" CHECK ("application_owners"."owner_section" is null or ("application_owners"."kind" = 'primaryApplicant' and "application_owners"."owner_section" = 1) or ("application_owners"."kind" = 'additionalOwner' and "application_owners"."owner_section" between 2 and 99));
