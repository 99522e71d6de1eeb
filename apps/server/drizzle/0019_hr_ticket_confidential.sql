ALTER TABLE "hr_tickets" ADD COLUMN "confidential_subject_id" integer;--> statement-breakpoint
ALTER TABLE "hr_tickets" ADD CONSTRAINT "hr_tickets_confidential_subject_id_catalog_items_id_fk" FOREIGN KEY ("confidential_subject_id") REFERENCES "public"."catalog_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hr_tickets_confidential_idx" ON "hr_tickets" USING btree ("company_id","confidential_subject_id") WHERE "hr_tickets"."confidential_subject_id" is not null;--> statement-breakpoint
-- Tickets opened before this migration take their subject's flag as it stands now: those of a
-- confidential subject are confidential for life from here on.
UPDATE "hr_tickets" SET "confidential_subject_id" = "hr_tickets"."subject_id" FROM "hr_subject_settings" WHERE "hr_subject_settings"."subject_id" = "hr_tickets"."subject_id" AND "hr_subject_settings"."confidential";
