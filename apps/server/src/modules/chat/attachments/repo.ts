import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { chatAttachments, chatMembers, chatMessageHides } from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';

/** Records an uploaded file. */
export async function insertAttachment(
  db: Database,
  values: Omit<typeof chatAttachments.$inferInsert, 'id' | 'messageId' | 'createdAt'>,
) {
  const [row] = await db.insert(chatAttachments).values(values).returning();
  return row!;
}

/**
 * Gives an unused attachment of the sender to a message, and so to its room (whose members may
 * read it); false when it is not theirs, used, or for another room. Call inside a transaction.
 */
export async function claimAttachment(
  db: Database,
  scope: TenantScope,
  values: { attachmentId: number; roomId: number; messageId: number },
): Promise<boolean> {
  const rows = await db
    .update(chatAttachments)
    .set({ messageId: values.messageId, roomId: values.roomId })
    .where(
      and(
        eq(chatAttachments.id, values.attachmentId),
        eq(chatAttachments.companyId, scope.companyId),
        eq(chatAttachments.uploaderId, scope.userId),
        isNull(chatAttachments.messageId),
        sql`(${chatAttachments.roomId} is null or ${chatAttachments.roomId} = ${values.roomId})`,
      ),
    )
    .returning({ id: chatAttachments.id });
  return rows.length > 0;
}

/**
 * The attachment stored under a key, when the person may read it: a member of its room, or its
 * uploader while it has no room yet. One statement on the key's index and the members' key.
 */
export async function findReadableAttachment(
  db: Database,
  scope: TenantScope,
  storageKey: string,
): Promise<{ fileName: string } | undefined> {
  const [row] = await db
    .select({ fileName: chatAttachments.fileName })
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.storageKey, storageKey),
        eq(chatAttachments.companyId, scope.companyId),
        sql`case when ${chatAttachments.roomId} is null then ${chatAttachments.uploaderId} = ${scope.userId}
          else exists (select 1 from ${chatMembers} m
            where m.room_id = ${chatAttachments.roomId} and m.user_id = ${scope.userId}) end`,
      ),
    )
    .limit(1);
  return row;
}

/** An unused attachment of the caller, found by its storage key (a group's image). */
export async function findOwnAttachmentByKey(db: Database, scope: TenantScope, storageKey: string) {
  const [row] = await db
    .select()
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.companyId, scope.companyId),
        eq(chatAttachments.uploaderId, scope.userId),
        eq(chatAttachments.storageKey, storageKey),
      ),
    );
  return row;
}

/** The unused attachment of the caller with this id. */
export async function findOwnUnusedAttachment(db: Database, scope: TenantScope, attachmentId: number) {
  const [row] = await db
    .select()
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.id, attachmentId),
        eq(chatAttachments.companyId, scope.companyId),
        eq(chatAttachments.uploaderId, scope.userId),
        isNull(chatAttachments.messageId),
      ),
    );
  return row;
}

/**
 * Erasure: deletes the files a person uploaded to the chat (the messages keep their place, without
 * the file) and their "hide for me" marks; answers the files' storage keys.
 */
export async function forgetChatPerson(db: Database, scope: TenantScope): Promise<string[]> {
  const files = await db
    .delete(chatAttachments)
    .where(and(eq(chatAttachments.companyId, scope.companyId), eq(chatAttachments.uploaderId, scope.userId)))
    .returning({ key: chatAttachments.storageKey });
  await db
    .delete(chatMessageHides)
    .where(and(eq(chatMessageHides.companyId, scope.companyId), eq(chatMessageHides.userId, scope.userId)));
  return files.map((file) => file.key);
}
