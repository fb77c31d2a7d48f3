CREATE TABLE "master_form_permissions" (
	"form_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "master_form_permissions" ADD CONSTRAINT "master_form_permissions_form_id_master_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."master_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "master_form_permissions_uq" ON "master_form_permissions" USING btree ("form_id","company_id");