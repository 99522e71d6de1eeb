CREATE TABLE "survey_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"min_respondents" smallint DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_settings_min_respondents" CHECK ("survey_settings"."min_respondents" between 3 and 100)
);
--> statement-breakpoint
ALTER TABLE "survey_settings" ADD CONSTRAINT "survey_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;