CREATE TABLE "cardconnect_mappings" (
	"master_form_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cardconnect_mappings" ADD CONSTRAINT "cardconnect_mappings_master_form_id_master_forms_id_fk" FOREIGN KEY ("master_form_id") REFERENCES "public"."master_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardconnect_mappings" ADD CONSTRAINT "cardconnect_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;