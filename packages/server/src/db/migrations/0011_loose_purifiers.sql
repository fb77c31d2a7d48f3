CREATE TABLE "applicant_vault_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vault_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_vaults" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_hash" text NOT NULL,
	"entries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicant_vault_tokens" ADD CONSTRAINT "applicant_vault_tokens_vault_id_applicant_vaults_id_fk" FOREIGN KEY ("vault_id") REFERENCES "public"."applicant_vaults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_vault_tokens_uq" ON "applicant_vault_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "applicant_vault_tokens_vault_idx" ON "applicant_vault_tokens" USING btree ("vault_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_vaults_email_uq" ON "applicant_vaults" USING btree ("email_hash");