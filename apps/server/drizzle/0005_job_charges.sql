ALTER TABLE "jobs" ADD COLUMN "charged_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "charge_kind" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "charge_month" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "charge_user_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_charge_user_id_users_id_fk" FOREIGN KEY ("charge_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;