CREATE TABLE "voice_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"speaker_id" text NOT NULL,
	"provider" text NOT NULL,
	"statement" text NOT NULL,
	"status" text NOT NULL,
	"sample_seconds" integer,
	"provider_voice_id" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "my_voices" ADD COLUMN "saved" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "my_voices" ADD COLUMN "consent_id" uuid;--> statement-breakpoint
ALTER TABLE "voice_consents" ADD CONSTRAINT "voice_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_consents" ADD CONSTRAINT "voice_consents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_consents_user_idx" ON "voice_consents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_consents_pending_idx" ON "voice_consents" USING btree ("project_id","speaker_id") WHERE "voice_consents"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "my_voices" ADD CONSTRAINT "my_voices_consent_id_voice_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."voice_consents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "my_voices_project_idx" ON "my_voices" USING btree ("project_id");