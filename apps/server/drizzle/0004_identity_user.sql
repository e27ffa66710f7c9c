ALTER TABLE "users" ADD COLUMN "identity_user_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_identity_user_id_unique" UNIQUE("identity_user_id");