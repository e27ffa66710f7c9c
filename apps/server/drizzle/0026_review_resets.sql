ALTER TABLE "project_activity" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "edited_by" uuid;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;