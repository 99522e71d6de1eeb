import { randomBytes, randomUUID } from 'node:crypto';
import {
  employeePermissions,
  MediaKind,
  PostType,
  type AdminPermissionCode,
  type PostTypeId,
} from '@elo/contract/enums';
import type { Database } from '../db/client.ts';
import {
  adminPermissions,
  catalogItems,
  groupMembers,
  groups,
  userPermissions,
  users,
} from '../db/schema/all.ts';
import { createCompanyWithMaster } from '../modules/companies/service.ts';
import { insertPost } from '../modules/timeline/posts-repo.ts';
import { createPasswordHasher } from '../platform/auth/password.ts';
import type { MediaStorage } from '../platform/storage/media-storage.ts';

/** The password every factory-made person signs in with. */
export const factoryPassword = 'Fabrica@2026';

let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= createPasswordHasher(1).hashPassword(factoryPassword));
const unique = () => randomBytes(4).toString('hex');

/** A person made by a factory: their ids and the login to sign in with. */
export interface MadePerson {
  id: number;
  companyId: number;
  email: string;
}

/** A company with its master user (every administration permission at E) and a default group. */
export async function makeCompany(
  db: Database,
  options: {
    name?: string;
    /** The master user's name ('Mestre da Empresa' when not given). */
    masterName?: string;
    /** Longest plain text of a timeline post (the schema's default of 10 when not given). */
    maxPostChars?: number;
  } = {},
): Promise<{ companyId: number; master: MadePerson; defaultGroupId: number }> {
  const email = `master.${unique()}@fabrica.elo`;
  const companyId = await db.transaction(async (tx) =>
    createCompanyWithMaster(tx, {
      company: { name: options.name ?? `Empresa ${unique()}`, maxPostChars: options.maxPostChars },
      master: {
        name: options.masterName ?? 'Mestre da Empresa',
        email,
        passwordHash: await passwordHash(),
        isAdministrator: true,
      },
    }),
  );
  await db
    .insert(userPermissions)
    .values(employeePermissions.map((permission) => ({ companyId, userId: companyId, permission })));
  const defaultGroupId = await makeGroup(db, { companyId, name: 'Todos', isDefault: true });
  await db
    .insert(groupMembers)
    .values({ companyId, groupId: defaultGroupId, userId: companyId, isAdmin: true, canPost: true });
  return { companyId, master: { id: companyId, companyId, email }, defaultGroupId };
}

/** A group of a company. */
export async function makeGroup(
  db: Database,
  options: {
    companyId: number;
    name: string;
    isDefault?: boolean;
    /** People already of the company (the master, say) put in the group, without posting in it. */
    memberIds?: number[];
  },
): Promise<number> {
  const [row] = await db
    .insert(groups)
    .values({
      companyId: options.companyId,
      name: options.name,
      abbreviation: options.name.slice(0, 3).toUpperCase().padEnd(2, 'X'),
      isDefault: options.isDefault ?? false,
    })
    .returning({ id: groups.id });
  const groupId = row!.id;
  for (const userId of options.memberIds ?? []) {
    await db.insert(groupMembers).values({ companyId: options.companyId, groupId, userId });
  }
  return groupId;
}

/**
 * A person of a company: employee permissions, membership of groups and, for an administrator,
 * statuses per administration permission.
 */
export async function makePerson(
  db: Database,
  options: {
    companyId: number;
    name?: string;
    permissions?: readonly string[];
    groupIds?: number[];
    canPost?: boolean;
    administrator?: Partial<Record<AdminPermissionCode, 'L' | 'E'>>;
    /** An administrator's flAprovado (approved unless told). */
    approved?: boolean;
  },
): Promise<MadePerson> {
  const email = `pessoa.${unique()}@fabrica.elo`;
  const { companyId } = options;
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      name: options.name ?? `Pessoa ${unique()}`,
      email,
      passwordHash: await passwordHash(),
      isAdministrator: options.administrator !== undefined,
      approved: options.approved ?? true,
    })
    .returning({ id: users.id });
  const userId = row!.id;
  const permissions = options.permissions ?? [];
  if (permissions.length > 0) {
    await db
      .insert(userPermissions)
      .values(permissions.map((permission) => ({ companyId, userId, permission })));
  }
  const statuses = Object.entries(options.administrator ?? {});
  if (statuses.length > 0) {
    await db
      .insert(adminPermissions)
      .values(statuses.map(([permission, status]) => ({ companyId, userId, permission, status })));
  }
  for (const groupId of options.groupIds ?? []) {
    await db.insert(groupMembers).values({ companyId, groupId, userId, canPost: options.canPost ?? false });
  }
  return { id: userId, companyId, email };
}

/** A catalogue item of the user settings (unit, branch, sector, position or ticket subject). */
export async function makeCatalogItem(
  db: Database,
  options: {
    companyId: number;
    kind: 'UNIDADE' | 'FILIAL' | 'SETOR' | 'CARGO' | 'ASSUNTO_CHAMADO';
    name: string;
    active?: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(catalogItems)
    .values({
      companyId: options.companyId,
      kind: options.kind,
      name: options.name,
      active: options.active ?? true,
    })
    .returning({ id: catalogItems.id });
  return row!.id;
}

/** A file of a post made by a factory: its bytes and what the upload would have sniffed. */
export interface MadeFile {
  body: Buffer;
  /** The extension the key gets (the upload takes it from the sniffed bytes). */
  ext: string;
  mimeType: string;
  width?: number;
  height?: number;
}

/**
 * A timeline post of any type, as the administration publishes them (the portal's composer makes
 * text, picture and YouTube posts only): a video with its thumbnail, a poll with its options. Its
 * files go through the media storage under the posts kind, the post through the timeline's repo.
 * Published now by default.
 */
export async function makePost(
  db: Database,
  options: {
    companyId: number;
    authorId: number;
    groupIds: number[];
    type: PostTypeId;
    text?: string;
    status?: 'published' | 'draft';
    /** The photo or video; `storage` stores it. */
    media?: MadeFile & { thumbnail?: MadeFile };
    storage?: MediaStorage;
    /** A poll's options, in order. */
    pollLabels?: string[];
  },
): Promise<{ id: number; mediaKey: string | null; thumbnailKey: string | null }> {
  const { companyId, media, storage } = options;
  if (media && !storage) throw new Error('makePost: a post with media needs the storage');
  const store = async (file: MadeFile) => {
    const key = `${companyId}/${MediaKind.posts}/${randomUUID()}.${file.ext}`;
    await storage!.put(key, file.body);
    return key;
  };
  const mediaKey = media ? await store(media) : null;
  const thumbnailKey = media?.thumbnail ? await store(media.thumbnail) : null;
  const id = await db.transaction((tx) =>
    insertPost(tx, {
      scope: { companyId, userId: options.authorId },
      post: {
        type: options.type,
        text: options.text ?? null,
        backgroundColor: options.type === PostType.text ? '#ffffff' : null,
        status: options.status ?? 'published',
      },
      groupIds: options.groupIds,
      media:
        media && mediaKey
          ? {
              storageKey: mediaKey,
              mimeType: media.mimeType,
              sizeBytes: media.body.length,
              // A video's size is its thumbnail's.
              width: media.width ?? media.thumbnail?.width ?? null,
              height: media.height ?? media.thumbnail?.height ?? null,
              thumbnailKey,
            }
          : undefined,
      pollLabels: options.pollLabels ?? [],
    }),
  );
  return { id, mediaKey, thumbnailKey };
}
