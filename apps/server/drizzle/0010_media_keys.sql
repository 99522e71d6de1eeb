CREATE INDEX "post_media_storage_key_idx" ON "post_media" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "post_media_thumbnail_key_idx" ON "post_media" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "survey_media_storage_key_idx" ON "survey_media" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "chat_attachments_storage_key_idx" ON "chat_attachments" USING btree ("storage_key");--> statement-breakpoint
-- Who may read a chat attachment is its room's members: attachments sent before the room was
-- recorded on them, and group images, get the room of their message or of their group.
UPDATE "chat_attachments" AS a SET "room_id" = m."room_id" FROM "chat_messages" AS m WHERE a."message_id" = m."id" AND a."room_id" IS NULL;--> statement-breakpoint
UPDATE "chat_attachments" AS a SET "room_id" = r."id" FROM "chat_rooms" AS r WHERE r."image_key" = a."storage_key" AND a."room_id" IS NULL;
