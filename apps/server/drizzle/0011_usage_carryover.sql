CREATE TABLE "usage_carryover" (
	"address_key" text PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"transcribed_seconds" double precision DEFAULT 0 NOT NULL,
	"dubbed_seconds" double precision DEFAULT 0 NOT NULL,
	"counters" jsonb DEFAULT '[]'::jsonb NOT NULL
);
