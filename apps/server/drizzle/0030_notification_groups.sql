ALTER TABLE "notifications" ADD COLUMN "group_key" varchar(80);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "entry_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_group_idx" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."read_at" is null and "notifications"."group_key" is not null;