ALTER TABLE "projects" ADD COLUMN "glossary" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "glossary" jsonb DEFAULT '[]'::jsonb NOT NULL;