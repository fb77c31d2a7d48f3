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
ALTER TABLE "company_coupons" ADD CONSTRAINT "company_coupons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_coupons" ADD CONSTRAINT "company_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_coupons" ADD CONSTRAINT "company_coupons_applied_by_user_id_users_id_fk" FOREIGN KEY ("applied_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_coupons" ADD CONSTRAINT "company_coupons_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_coupons_once_uq" ON "company_coupons" USING btree ("company_id","coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_coupons_applied_uq" ON "company_coupons" USING btree ("company_id") WHERE "company_coupons"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "company_coupons_coupon_idx" ON "company_coupons" USING btree ("coupon_id","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_uq" ON "coupons" USING btree ("code");