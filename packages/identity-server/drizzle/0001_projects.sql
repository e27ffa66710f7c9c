CREATE TABLE "identity_projects" (
	"project_id" text PRIMARY KEY NOT NULL,
	"public_token" text NOT NULL,
	"secret" text NOT NULL,
	"singleton" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_projects_singleton_unique" UNIQUE("singleton")
);
