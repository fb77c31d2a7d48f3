CREATE TABLE "application_audit_heads" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"prev_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "chain_seq" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_chain_uq" ON "audit_events" USING btree ("application_id","chain_seq") WHERE "audit_events"."application_id" is not null;