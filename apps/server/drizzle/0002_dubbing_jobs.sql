CREATE TABLE "usage" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"transcribed_seconds" double precision DEFAULT 0 NOT NULL,
	"dubbed_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "meta" jsonb;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "report_key" text;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "dub_report" jsonb;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "dubbed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage" ADD CONSTRAINT "usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;