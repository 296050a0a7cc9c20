ALTER TABLE "books" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "added_at" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "source" text DEFAULT 'hand' NOT NULL;