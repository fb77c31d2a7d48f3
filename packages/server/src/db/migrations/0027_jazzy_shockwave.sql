CREATE TABLE "button_link_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"integration_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"application_id" uuid,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"response_code" integer,
	"duration_ms" integer,
	"last_error" text,
	"resend_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "button_link_deliveries_state_check" CHECK ("button_link_deliveries"."state" in ('queued', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "button_link_integrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"secrets" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "button_link_integrations_status_check" CHECK ("button_link_integrations"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "button_link_deliveries" ADD CONSTRAINT "button_link_deliveries_integration_id_button_link_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."button_link_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "button_link_integrations" ADD CONSTRAINT "button_link_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "button_link_deliveries_log_idx" ON "button_link_deliveries" USING btree ("integration_id","created_at");--> statement-breakpoint
CREATE INDEX "button_link_deliveries_due_idx" ON "button_link_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "button_link_integrations_company_idx" ON "button_link_integrations" USING btree ("company_id");