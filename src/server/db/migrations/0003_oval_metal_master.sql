ALTER TABLE "sessions" ADD COLUMN "impersonator_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_session_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "master" boolean DEFAULT false NOT NULL;