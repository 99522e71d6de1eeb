ALTER TABLE "users" DROP COLUMN "unit";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "branch";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sector";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "job_title";