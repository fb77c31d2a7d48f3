CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"membership_id" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"coupon_id" text,
	"card_brand" text,
	"card_last4" text,
	"gateway_payment_method_id" text,
	"gateway_charge_id" text,
	"gateway_refund_id" text,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "billing_payments_status_check" CHECK ("billing_payments"."status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "billing_payments_kind_check" CHECK ("billing_payments"."kind" in ('subscribe', 'upgrade', 'renewal')),
	CONSTRAINT "billing_payments_amount_check" CHECK ("billing_payments"."amount_cents" >= 0 and "billing_payments"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'none' NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"trial_used" boolean DEFAULT false NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"pending_membership_id" text,
	"past_due_since" timestamp with time zone,
	"gateway_customer_id" text,
	"gateway_payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('none', 'trialing', 'active', 'past_due'))
);
--> statement-breakpoint
CREATE TABLE "custom_form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"custom_form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"master_version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"form" jsonb NOT NULL,
	"layout" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"master_form_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"master_version" integer NOT NULL,
	"update_mode" text DEFAULT 'system-auto-update' NOT NULL,
	"document" jsonb NOT NULL,
	"integrations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"wizard_step" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "custom_forms_status_valid" CHECK ("custom_forms"."status" in ('active', 'inactive', 'archived')),
	CONSTRAINT "custom_forms_update_mode_valid" CHECK ("custom_forms"."update_mode" in ('system-auto-update', 'user-manual-update'))
);
--> statement-breakpoint
CREATE TABLE "template_permissions" (
	"company_id" uuid NOT NULL,
	"master_form_id" uuid NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by_user_id" uuid,
	"removed_at" timestamp with time zone,
	"removed_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"percentage" integer,
	"amount_cents" integer,
	"duration_in_months" integer NOT NULL,
	"redemption_limit" integer,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_upper" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_one_discount" CHECK (("coupons"."percentage" is null) <> ("coupons"."amount_cents" is null)),
	CONSTRAINT "coupons_percentage_range" CHECK ("coupons"."percentage" is null or ("coupons"."percentage" between 1 and 100)),
	CONSTRAINT "coupons_amount_positive" CHECK ("coupons"."amount_cents" is null or "coupons"."amount_cents" > 0),
	CONSTRAINT "coupons_duration_range" CHECK ("coupons"."duration_in_months" between 1 and 12),
	CONSTRAINT "coupons_redemptions" CHECK ("coupons"."redemption_count" >= 0 and ("coupons"."redemption_limit" is null or "coupons"."redemption_count" <= "coupons"."redemption_limit"))
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_purpose_valid";--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pending_membership_id_memberships_id_fk" FOREIGN KEY ("pending_membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_form_versions" ADD CONSTRAINT "custom_form_versions_custom_form_id_custom_forms_id_fk" FOREIGN KEY ("custom_form_id") REFERENCES "public"."custom_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_forms" ADD CONSTRAINT "custom_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_forms" ADD CONSTRAINT "custom_forms_master_form_id_master_forms_id_fk" FOREIGN KEY ("master_form_id") REFERENCES "public"."master_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_permissions" ADD CONSTRAINT "template_permissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_permissions" ADD CONSTRAINT "template_permissions_master_form_id_master_forms_id_fk" FOREIGN KEY ("master_form_id") REFERENCES "public"."master_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_coupons" ADD CONSTRAINT "company_coupons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_coupons" ADD CONSTRAINT "company_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_coupons" ADD CONSTRAINT "company_coupons_applied_by_user_id_users_id_fk" FOREIGN KEY ("applied_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_coupons" ADD CONSTRAINT "company_coupons_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_idempotency_uq" ON "billing_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_payments_company_idx" ON "billing_payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_form_versions_uq" ON "custom_form_versions" USING btree ("custom_form_id","version");--> statement-breakpoint
CREATE INDEX "custom_forms_company_idx" ON "custom_forms" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "custom_forms_master_idx" ON "custom_forms" USING btree ("master_form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_permissions_uq" ON "template_permissions" USING btree ("company_id","master_form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_coupons_once_uq" ON "company_coupons" USING btree ("company_id","coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_coupons_applied_uq" ON "company_coupons" USING btree ("company_id") WHERE "company_coupons"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "company_coupons_coupon_idx" ON "company_coupons" USING btree ("coupon_id","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_uq" ON "coupons" USING btree ("code");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose_valid" CHECK ("uploads"."purpose" in ('company-logo', 'pdf-template', 'custom-form-document'));