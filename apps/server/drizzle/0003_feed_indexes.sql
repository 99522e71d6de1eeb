CREATE INDEX "poll_options_post_idx" ON "poll_options" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_media_post_idx" ON "post_media" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_author_drafts_idx" ON "posts" USING btree ("author_id","publish_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'draft' and "posts"."deleted_at" is null;