ALTER TABLE "catalog_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "rules_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "hr_calendars" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;