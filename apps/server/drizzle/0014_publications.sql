CREATE TABLE "post_read_confirmations" (
	"company_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_read_confirmations_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"company_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_views_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "is_publication" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "requires_reading" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reading_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reading_reminder_days" smallint;--> statement-breakpoint
ALTER TABLE "post_read_confirmations" ADD CONSTRAINT "post_read_confirmations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_read_confirmations" ADD CONSTRAINT "post_read_confirmations_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_read_confirmations" ADD CONSTRAINT "post_read_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_read_confirmations_user_idx" ON "post_read_confirmations" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "post_views_post_time_idx" ON "post_views" USING btree ("post_id","viewed_at");--> statement-breakpoint
CREATE INDEX "posts_company_publications_idx" ON "posts" USING btree ("company_id","publish_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."is_publication" and "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "posts_company_readings_idx" ON "posts" USING btree ("company_id","publish_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."requires_reading" and "posts"."deleted_at" is null;