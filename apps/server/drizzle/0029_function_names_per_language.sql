ALTER TABLE "company_permission_names" ADD COLUMN "name_en" varchar(16);--> statement-breakpoint
ALTER TABLE "company_permission_names" ADD COLUMN "name_es" varchar(16);