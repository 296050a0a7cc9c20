CREATE TABLE "catalog_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "pages" integer;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "year" integer;--> statement-breakpoint
CREATE INDEX "catalog_cache_expires" ON "catalog_cache" USING btree ("expires_at");