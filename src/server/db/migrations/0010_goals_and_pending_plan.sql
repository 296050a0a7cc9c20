CREATE TABLE "reading_goals" (
	"account_id" text NOT NULL,
	"year" integer NOT NULL,
	"books" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_goals_account_id_year_pk" PRIMARY KEY("account_id","year")
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "pending_plan" text;--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;