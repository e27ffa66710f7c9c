CREATE TABLE "quota_counters" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"window" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quota_counters_user_id_kind_window_pk" PRIMARY KEY("user_id","kind","window")
);
--> statement-breakpoint
ALTER TABLE "quota_counters" ADD CONSTRAINT "quota_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;