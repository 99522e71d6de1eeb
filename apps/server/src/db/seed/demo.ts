import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { Logger } from '../../platform/logger.ts';
import {
  AdminPermission,
  LoginType,
  Permission,
  PostType,
  employeePermissions,
  type AdminPermissionCode,
  type MediaKindName,
} from '@elo/contract/enums';
import type { Database } from '../client.ts';
import {
  announcementGroups,
  announcementInteractions,
  announcements,
  catalogItems,
  comments,
  companies,
  companyPermissionNames,
  gestures,
  groupMembers,
  groups,
  pollOptions,
  pollVotes,
  postGroups,
  postMedia,
  posts,
  reactions,
  savedPosts,
  userPermissions,
  adminPermissions,
  users,
} from '../schema/all.ts';
import { createCompanyWithMaster } from '../../modules/companies/service.ts';
import { createPasswordHasher } from '../../platform/auth/password.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import {
  backgroundColours,
  commentTexts,
  demoEmployeeNames,
  demoGroups,
  demoPassword,
  gestureRows,
  branches,
  jobTitles,
  pollQuestions,
  postTexts,
  sectors,
  ticketSubjects,
  units,
} from './content.ts';
import { seedPublications } from './publications.ts';
import { seedHrTickets } from './hr-tickets.ts';
import { seedReminders } from './reminders.ts';
import { seedTvScreens } from './tv.ts';
import { seedScim } from './scim.ts';
import { seedSso } from './sso.ts';
import { seedChat } from './chat.ts';
import { seedNotifications } from './notifications.ts';
import { seedDeletionRequests } from './deletion-requests.ts';
import { seedUserActivity } from './user-activity.ts';
import { seedSurveys } from './surveys.ts';
import { seedGroupAudiences } from './group-audiences.ts';
import { seedAudit } from './audit.ts';
import { createRandom, renderAvatar, renderGroupPhoto, renderLandscape, renderLogo } from './images.ts';

// A 6-second clip made for the demo with ffmpeg's gradient source (see docs/demo-data.md).
const videoAsset = path.resolve(import.meta.dirname, 'assets/demo-video.mp4');

interface SeedDeps {
  db: Database;
  storage: MediaStorage;
  hashPassword: (password: string) => Promise<string>;
}

interface PersonSpec {
  name: string;
  email: string | null;
  matricula: string | null;
  loginType: 'EMAIL' | 'MATRICULA';
  password?: string;
  permissions: readonly string[];
  isAdministrator?: boolean;
  firstAccessPending?: boolean;
  birthDate?: string;
  mobilePhone?: string;
  /** Indexes into the company's groups, besides the default one everyone is in. */
  extraGroups: number[];
  canPost: boolean;
  adminOfGroups?: number[];
  /** An administrator's statuses per administration permission (absent = N). */
  adminPermissions?: Partial<Record<AdminPermissionCode, 'L' | 'E'>>;
  /** An administrator's flAprovado (approved unless told). */
  approved?: boolean;
}

interface CompanySpec {
  name: string;
  colour: string;
  maxPostChars: number;
  seed: number;
  master: PersonSpec;
  people: PersonSpec[];
  groups: readonly (typeof demoGroups)[number][];
  postCount: number;
}

const allGroupIndexes = (size: number) => Array.from({ length: size }, (_, index) => index).slice(1);

function demoCompany(): CompanySpec {
  const people: PersonSpec[] = [
    {
      name: 'Maria Silva',
      email: 'maria.silva@demo.elo',
      matricula: '10001',
      loginType: LoginType.email,
      mobilePhone: '+5511988885678',
      permissions: employeePermissions,
      extraGroups: allGroupIndexes(demoGroups.length),
      canPost: true,
      adminOfGroups: [2],
    },
    {
      name: 'Carlos Pereira',
      email: 'carlos.pereira@demo.elo',
      matricula: '10002',
      loginType: LoginType.matricula,
      mobilePhone: '+5511991231234',
      permissions: employeePermissions,
      extraGroups: [1],
      canPost: true,
    },
    {
      name: 'Sérgio Moura',
      email: 'sem.permissao@demo.elo',
      matricula: '10003',
      loginType: LoginType.email,
      permissions: [],
      extraGroups: [4],
      canPost: false,
    },
    {
      name: 'Juliana Costa',
      email: 'juliana.costa@demo.elo',
      matricula: '10099',
      loginType: LoginType.matricula,
      password: 'Primeiro@1',
      permissions: employeePermissions,
      firstAccessPending: true,
      birthDate: '1990-05-20',
      mobilePhone: '+5511987654321',
      extraGroups: [3],
      canPost: true,
    },
    ...demoEmployeeNames.map((name, index): PersonSpec => {
      const slug = name
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
        .split(' ');
      return {
        name,
        email: `${slug[0]}.${slug.at(-1)}@demo.elo`,
        matricula: String(10010 + index),
        loginType: LoginType.email,
        // Mobiles ending 1000, 1001, …: the README and the browser tests rely on them.
        mobilePhone: `+551199000${String(1000 + index)}`,
        permissions: employeePermissions,
        extraGroups: [1 + (index % (demoGroups.length - 1))],
        canPost: true,
      };
    }),
    // Appended last, so the people above keep their ids and the posts their authors.
    {
      name: 'Eduardo Nogueira',
      email: 'editor@demo.elo',
      matricula: '10098',
      loginType: LoginType.email,
      permissions: [...employeePermissions],
      isAdministrator: true,
      adminPermissions: { [AdminPermission.publications]: 'E', [AdminPermission.users]: 'L' },
      extraGroups: [1],
      canPost: true,
    },
    // Issue 13: an administrator of the HR side who reads users and administrators, and one who
    // waits for approval (the administration tells them so; the portal works as usual).
    {
      name: 'Helena Rocha',
      email: 'rh.admin@demo.elo',
      matricula: '10097',
      loginType: LoginType.email,
      permissions: [...employeePermissions],
      isAdministrator: true,
      adminPermissions: {
        [AdminPermission.hrPortal]: 'E',
        [AdminPermission.users]: 'L',
        [AdminPermission.administrators]: 'L',
      },
      extraGroups: [],
      canPost: false,
    },
    {
      name: 'Vítor Santana',
      email: 'aguardando@demo.elo',
      matricula: '10096',
      loginType: LoginType.email,
      permissions: [...employeePermissions],
      isAdministrator: true,
      approved: false,
      adminPermissions: { [AdminPermission.users]: 'E' },
      extraGroups: [],
      canPost: false,
    },
  ];
  return {
    name: 'Elo Demonstração',
    colour: '#1d4ed8',
    maxPostChars: 2000,
    seed: 20261121,
    master: {
      name: 'Beatriz Almeida',
      email: 'admin@demo.elo',
      matricula: '10000',
      loginType: LoginType.email,
      permissions: [...employeePermissions],
      isAdministrator: true,
      extraGroups: allGroupIndexes(demoGroups.length),
      canPost: true,
      adminOfGroups: [0, ...allGroupIndexes(demoGroups.length)],
    },
    people,
    groups: demoGroups,
    postCount: 34,
  };
}

function otherCompany(): CompanySpec {
  const groupsOfOther = [
    { name: 'Geral', abbreviation: 'GER', colour: '#0f766e', shape: 'circle', isDefault: true },
    { name: 'Fábrica', abbreviation: 'FAB', colour: '#b91c1c', shape: 'square', isDefault: false },
  ] as const;
  return {
    name: 'Outra Indústria S.A.',
    colour: '#0f766e',
    maxPostChars: 500,
    seed: 4242,
    master: {
      name: 'Roberta Lima',
      email: 'admin@outra.elo',
      matricula: '1',
      loginType: LoginType.email,
      permissions: [...employeePermissions],
      isAdministrator: true,
      extraGroups: [1],
      canPost: true,
      adminOfGroups: [1],
    },
    people: [
      {
        name: 'João Batista',
        email: 'joao@outra.elo',
        matricula: '10002',
        loginType: LoginType.email,
        permissions: employeePermissions,
        extraGroups: [1],
        canPost: true,
      },
    ],
    groups: groupsOfOther as unknown as CompanySpec['groups'],
    postCount: 4,
  };
}

const permissionNames: Record<string, string> = {
  [Permission.publishTimeline]: 'Publicar',
  [Permission.chat]: 'Mensagens',
  [Permission.surveys]: 'Pesquisas',
};

/** The same functions' names in English and Spanish (issue 29); publishing keeps its default name. */
const permissionNamesByLanguage: Record<string, { nameEn: string; nameEs: string }> = {
  [Permission.chat]: { nameEn: 'Messages', nameEs: 'Mensajes' },
  [Permission.surveys]: { nameEn: 'Surveys', nameEs: 'Encuestas' },
};

async function storeFile(
  storage: MediaStorage,
  companyId: number,
  kind: MediaKindName,
  ext: string,
  body: Buffer,
) {
  const key = `${companyId}/${kind}/${randomUUID()}.${ext}`;
  await storage.put(key, body);
  return key;
}

/** Seeds one company (skipped when its master already exists): people, groups, posts, reactions. */
async function seedCompany(deps: SeedDeps, spec: CompanySpec): Promise<boolean> {
  const { db, storage } = deps;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${spec.master.email}`);
  if (existing) return false;
  const random = createRandom(spec.seed);
  const everyone = [spec.master, ...spec.people];
  const hashes = new Map<string, string>();
  for (const password of new Set(everyone.map((person) => person.password ?? demoPassword))) {
    hashes.set(password, await deps.hashPassword(password));
  }

  await db.transaction(async (tx) => {
    const master = spec.master;
    const companyId = await createCompanyWithMaster(tx, {
      company: { name: spec.name, mainColor: spec.colour, maxPostChars: spec.maxPostChars },
      master: personValues(master, hashes),
    });
    // Files are keyed by company id, so they are written once the id is known.
    const logoKey = await storeFile(storage, companyId, 'branding', 'png', await renderLogo(spec.colour));
    await tx.update(companies).set({ logoKey }).where(eq(companies.id, companyId));

    const catalogIds = await seedCatalogs(tx, companyId);
    const userIds = [companyId];
    for (const person of spec.people) {
      const [row] = await tx
        .insert(users)
        .values({ ...personValues(person, hashes), companyId })
        .returning({ id: users.id });
      userIds.push(row!.id);
    }
    for (const [index, userId] of userIds.entries()) {
      const photoKey = await storeFile(storage, companyId, 'avatars', 'jpg', await renderAvatar(random));
      const person = everyone[index]!;
      await tx
        .update(users)
        .set({
          photoKey,
          sectorId: catalogIds.SETOR[index % sectors.length],
          unitId: catalogIds.UNIDADE[index % units.length],
          branchId: catalogIds.FILIAL[index % branches.length],
          jobTitleId: catalogIds.CARGO[index % jobTitles.length],
          profileText: person.isAdministrator ? 'Administradora do portal.' : null,
        })
        .where(eq(users.id, userId));
      if (person.permissions.length > 0) {
        await tx
          .insert(userPermissions)
          .values(person.permissions.map((permission) => ({ companyId, userId, permission })));
      }
      const statuses = Object.entries(person.adminPermissions ?? {});
      if (statuses.length > 0) {
        await tx
          .insert(adminPermissions)
          .values(statuses.map(([permission, status]) => ({ companyId, userId, permission, status })));
      }
    }
    await tx.insert(companyPermissionNames).values(
      Object.entries(permissionNames).map(([permission, name]) => ({
        companyId,
        permission,
        name,
        ...permissionNamesByLanguage[permission],
      })),
    );

    const groupIds: number[] = [];
    for (const group of spec.groups) {
      const photoKey = await storeFile(
        storage,
        companyId,
        'groups',
        'png',
        await renderGroupPhoto(group.colour, group.shape),
      );
      const [row] = await tx
        .insert(groups)
        .values({
          companyId,
          name: group.name,
          abbreviation: group.abbreviation,
          isDefault: group.isDefault,
          photoKey,
        })
        .returning({ id: groups.id });
      groupIds.push(row!.id);
    }
    const memberships = everyone.flatMap((person, index) =>
      [0, ...person.extraGroups].map((groupIndex) => ({
        companyId,
        groupId: groupIds[groupIndex]!,
        userId: userIds[index]!,
        canPost: person.canPost,
        isAdmin: person.adminOfGroups?.includes(groupIndex) ?? false,
      })),
    );
    await tx.insert(groupMembers).values(memberships);

    await seedPosts({ db: tx, storage, random, companyId, userIds, groupIds, count: spec.postCount });

    // HR announcements, in the carousel's order: one for everyone, one for the second group only
    // (a portal path as its link), one that already ended, and one still to come.
    const day = 86_400_000;
    const banners = [
      {
        text: 'Novos benefícios: conheça o plano de saúde e o auxílio-educação',
        window: [-7, 30],
        link: 'https://www.elo.example/beneficios',
        forGroup: null,
      },
      {
        text: 'Campanha de vacinação contra a gripe na sede, de segunda a sexta',
        window: [-1, 14],
        link: '/painel/pesquisas',
        forGroup: 1,
      },
      {
        text: 'Inscrições abertas para a corrida da empresa',
        window: [-30, -2],
        link: null,
        forGroup: null,
      },
      {
        text: 'Semana de integração: boas-vindas aos novos colaboradores',
        window: [3, 10],
        link: null,
        forGroup: null,
      },
    ] as const;
    const bannerIds: number[] = [];
    for (const [index, banner] of banners.entries()) {
      const image = await renderLandscape(random, 1920, 1080);
      const imageKey = await storeFile(storage, companyId, 'banners', 'jpg', image);
      const [row] = await tx
        .insert(announcements)
        .values({
          companyId,
          imageKey,
          description: banner.text,
          link: banner.link,
          startsAt: new Date(Date.now() + banner.window[0] * day),
          endsAt: new Date(Date.now() + banner.window[1] * day),
          position: index + 1,
        })
        .returning({ id: announcements.id });
      bannerIds.push(row!.id);
      if (banner.forGroup !== null) {
        await tx
          .insert(announcementGroups)
          .values({ companyId, announcementId: row!.id, groupId: groupIds[banner.forGroup]! });
      }
    }
    // Views and clicks of the first ones: each person counted once a day.
    const interactions = userIds.slice(0, 6).flatMap((userId, index) => [
      ...[0, 1].map((daysAgo) => ({
        companyId,
        announcementId: bannerIds[0]!,
        userId,
        day: new Date(Date.now() - daysAgo * day).toISOString().slice(0, 10),
        kind: 'view',
      })),
      ...(index % 2 === 0
        ? [
            {
              companyId,
              announcementId: bannerIds[0]!,
              userId,
              day: new Date().toISOString().slice(0, 10),
              kind: 'click',
            },
          ]
        : []),
      {
        companyId,
        announcementId: bannerIds[2]!,
        userId,
        day: new Date(Date.now() - 10 * day).toISOString().slice(0, 10),
        kind: 'view',
      },
    ]);
    await tx.insert(announcementInteractions).values(interactions).onConflictDoNothing();
  });
  return true;
}

function personValues(person: PersonSpec, hashes: Map<string, string>) {
  return {
    name: person.name,
    email: person.email,
    matricula: person.matricula,
    loginType: person.loginType,
    passwordHash: hashes.get(person.password ?? demoPassword)!,
    firstAccessPending: person.firstAccessPending ?? false,
    isAdministrator: person.isAdministrator ?? false,
    approved: person.approved ?? true,
    birthDate: person.birthDate ?? null,
    mobilePhone: person.mobilePhone ?? null,
  };
}

/** Posts of every media type over the last weeks, with comments, reactions, votes and saves. */
async function seedPosts(options: {
  db: Database;
  storage: MediaStorage;
  random: () => number;
  companyId: number;
  userIds: number[];
  groupIds: number[];
  count: number;
}): Promise<void> {
  const { db, storage, random, companyId, userIds, groupIds } = options;
  const types = [
    PostType.text,
    PostType.image,
    PostType.poll,
    PostType.youtube,
    PostType.video,
    PostType.text,
  ];
  const now = Date.now();
  for (let index = 0; index < options.count; index += 1) {
    const type: number = types[index % types.length]!;
    const authorId = userIds[Math.floor(random() * Math.min(userIds.length, 12))]!;
    const poll = pollQuestions[index % pollQuestions.length]!;
    const text = type === PostType.poll ? poll.text : postTexts[index % postTexts.length]!;
    // The newest post is a draft of its author; the next is scheduled for tomorrow.
    const status = index === 0 ? 'draft' : 'published';
    const publishAt = index === 1 ? new Date(now + 86_400_000) : new Date(now - index * 9 * 3_600_000);
    const [post] = await db
      .insert(posts)
      .values({
        companyId,
        authorId,
        type,
        text,
        status,
        publishAt,
        createdAt: publishAt,
        backgroundColor: type === PostType.text ? backgroundColours[index % backgroundColours.length]! : null,
        youtubeId: type === PostType.youtube ? 'aqz-KE-bpKQ' : null,
        allowComments: index % 7 !== 3,
        onWall: index % 5 === 0,
      })
      .returning({ id: posts.id });
    const postId = post!.id;
    const groupCount = 1 + Math.floor(random() * Math.min(3, groupIds.length));
    const targetGroups = [groupIds[0]!, ...groupIds.slice(1).sort(() => random() - 0.5)].slice(0, groupCount);
    await db.insert(postGroups).values(targetGroups.map((groupId) => ({ companyId, postId, groupId })));

    if (type === PostType.image) {
      const image = await renderLandscape(random);
      const storageKey = await storeFile(storage, companyId, 'posts', 'jpg', image);
      await db.insert(postMedia).values({
        companyId,
        postId,
        storageKey,
        mimeType: 'image/jpeg',
        sizeBytes: image.length,
        width: 1280,
        height: 720,
      });
    }
    if (type === PostType.video) {
      const video = await readFile(videoAsset);
      const storageKey = await storeFile(storage, companyId, 'posts', 'mp4', video);
      await db.insert(postMedia).values({
        companyId,
        postId,
        storageKey,
        mimeType: 'video/mp4',
        sizeBytes: video.length,
        width: 1280,
        height: 720,
      });
    }
    if (type === PostType.poll) {
      const options = await db
        .insert(pollOptions)
        .values(poll.options.map((label, position) => ({ companyId, postId, label, position })))
        .returning({ id: pollOptions.id });
      const voters = userIds.filter(() => random() < 0.5);
      if (voters.length > 0) {
        await db.insert(pollVotes).values(
          voters.map((userId) => ({
            companyId,
            postId,
            userId,
            optionId: options[Math.floor(random() * options.length)]!.id,
          })),
        );
      }
    }
    if (status !== 'published' || index === 1) continue;

    const reactors = userIds.filter(() => random() < 0.35);
    if (reactors.length > 0) {
      await db.insert(reactions).values(
        reactors.map((userId) => ({
          companyId,
          postId,
          userId,
          gestureId: gestureRows[Math.floor(random() * 4)]!.id,
        })),
      );
    }
    const commentCount = index % 7 === 3 ? 0 : Math.floor(random() * 14);
    for (let c = 0; c < commentCount; c += 1) {
      await db.insert(comments).values({
        companyId,
        postId,
        authorId: userIds[Math.floor(random() * userIds.length)]!,
        text: commentTexts[Math.floor(random() * commentTexts.length)]!,
        createdAt: new Date(publishAt.getTime() + (c + 1) * 600_000),
      });
    }
    if (random() < 0.3) await db.insert(savedPosts).values({ companyId, postId, userId: userIds[1]! });
  }
}

/** Seeds the reaction kinds and both demo companies; running it again changes nothing. */
export async function seedDemo(deps: SeedDeps): Promise<{ companiesCreated: number }> {
  await deps.db
    .insert(gestures)
    .values([...gestureRows])
    .onConflictDoNothing();
  let companiesCreated = 0;
  for (const spec of [demoCompany(), otherCompany()]) {
    if (await seedCompany(deps, spec)) companiesCreated += 1;
  }
  await seedSurveys(deps);
  await seedChat(deps);
  await seedNotifications(deps);
  await seedAudit(deps);
  await seedDeletionRequests(deps);
  await seedUserActivity(deps);
  await seedGroupAudiences(deps);
  await seedPublications(deps);
  await seedHrTickets(deps);
  await seedReminders(deps);
  await seedTvScreens(deps);
  await seedScim(deps);
  await seedSso(deps);
  return { companiesCreated };
}

/** Seeds at start: on an empty database (auto), always (idempotent), or never. */
export async function seedDemoIfWanted(options: {
  db: Database;
  storage: MediaStorage;
  mode: 'auto' | 'never' | 'always';
  log: Logger;
}): Promise<void> {
  if (options.mode === 'never') return;
  if (options.mode === 'auto') {
    const [row] = await options.db.select({ total: count() }).from(companies);
    if ((row?.total ?? 0) > 0) return;
  }
  const hasher = createPasswordHasher(2);
  const result = await seedDemo({
    db: options.db,
    storage: options.storage,
    hashPassword: hasher.hashPassword,
  });
  options.log.info(result, 'demo data seeded');
}

/** The company's catalogues of the user settings, each item's id by kind in the lists' order. */
async function seedCatalogs(tx: Database, companyId: number) {
  const lists = {
    UNIDADE: units,
    FILIAL: branches,
    SETOR: sectors,
    CARGO: jobTitles,
    ASSUNTO_CHAMADO: ticketSubjects,
  } as const;
  const ids = {} as Record<keyof typeof lists, number[]>;
  for (const [kind, names] of Object.entries(lists) as [keyof typeof lists, readonly string[]][]) {
    const rows = await tx
      .insert(catalogItems)
      .values(names.map((name) => ({ companyId, kind, name })))
      .returning({ id: catalogItems.id });
    ids[kind] = rows.map((row) => row.id);
  }
  return ids;
}
