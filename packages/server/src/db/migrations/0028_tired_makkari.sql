CREATE TABLE "transax_pricing_lists" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"gateway_host" text NOT NULL,
	"items" jsonb NOT NULL,
	"retrieved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transax_pricing_lists" ADD CONSTRAINT "transax_pricing_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;