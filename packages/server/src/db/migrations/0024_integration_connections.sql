CREATE TABLE "integration_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"integration_to_activate" text NOT NULL,
	"credentials" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials_template_id" text,
	"selected_stored_pricing" jsonb,
	"auto_sync" boolean DEFAULT false NOT NULL,
	"active_integration" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'not_connected' NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"domain" text,
	"instance_url" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"token_refreshed_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"connected_by" uuid,
	"expired_at" timestamp with time zone,
	"turned_off_at" timestamp with time zone,
	"turned_off_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_connections_state_ck" CHECK ("integration_connections"."state" in ('not_connected', 'connected', 'expired', 'turned_off'))
);
--> statement-breakpoint
CREATE TABLE "integration_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"domain" text NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_permissions_status_ck" CHECK ("integration_permissions"."template_status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "integration_configs" ADD CONSTRAINT "integration_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_configs" ADD CONSTRAINT "integration_configs_form_id_custom_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."custom_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_turned_off_by_users_id_fk" FOREIGN KEY ("turned_off_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD CONSTRAINT "integration_oauth_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD CONSTRAINT "integration_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_permissions" ADD CONSTRAINT "integration_permissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_permissions" ADD CONSTRAINT "integration_permissions_template_id_master_forms_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."master_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_configs_form_kind_uq" ON "integration_configs" USING btree ("form_id","integration_to_activate");--> statement-breakpoint
CREATE INDEX "integration_configs_company_idx" ON "integration_configs" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_company_kind_uq" ON "integration_connections" USING btree ("company_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_oauth_states_hash_uq" ON "integration_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "integration_oauth_states_expires_idx" ON "integration_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_permissions_company_template_uq" ON "integration_permissions" USING btree ("company_id","template_id");