ALTER TABLE "post_groups" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
-- post_groups.publish_at is a copy of its post's, kept by the database itself: taken from the post
-- when the row is written, and followed whenever the post's publish_at changes (a schedule moved,
-- a draft published), whatever code makes the change.
CREATE FUNCTION "post_groups_take_publish_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "publish_at" INTO NEW."publish_at" FROM "posts" WHERE "id" = NEW."post_id";
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "post_groups_publish_at" BEFORE INSERT OR UPDATE OF "post_id" ON "post_groups" FOR EACH ROW EXECUTE FUNCTION "post_groups_take_publish_at"();--> statement-breakpoint
CREATE FUNCTION "posts_share_publish_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "post_groups" SET "publish_at" = NEW."publish_at" WHERE "post_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_publish_at_to_groups" AFTER UPDATE OF "publish_at" ON "posts" FOR EACH ROW WHEN (OLD."publish_at" IS DISTINCT FROM NEW."publish_at") EXECUTE FUNCTION "posts_share_publish_at"();--> statement-breakpoint
UPDATE "post_groups" SET "publish_at" = "posts"."publish_at" FROM "posts" WHERE "posts"."id" = "post_groups"."post_id";--> statement-breakpoint
CREATE INDEX "post_groups_group_feed_idx" ON "post_groups" USING btree ("group_id","publish_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_company_wall_idx" ON "posts" USING btree ("company_id","publish_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."on_wall" and "posts"."status" = 'published' and "posts"."deleted_at" is null;
