import { sharedConfig } from '@elo/contract/limits';
import { AppError } from '../../platform/http/app-error.ts';
import type { Device } from '../../platform/http/bind-call.ts';
import { consumeOrRefuse } from '../../platform/rate-limit.ts';
import { listScreenAnnouncements } from '../announcements/service.ts';
import { listCelebrations } from '../my-account/service.ts';
import { listOutPublicationsForScreen } from '../publications/service.ts';
import { findCompanyBrand, touchScreen, type ScreenRow } from './repo.ts';
import { contactWriteSeconds, requireScreen, type TvScope, type TvService } from './service.ts';

/** What a screen rotates, with every file already turned into an address the screen may fetch. */
export interface ScreenContent {
  screen: { name: string; secondsPerSlide: number };
  company: { name: string; logoUrl: string | null; mainColor: string };
  announcements: { id: number; imageUrl: string; description: string | null }[];
  publications: {
    id: number;
    text: string;
    imageUrl: string | null;
    videoThumbnailUrl: string | null;
    authorName: string;
    authorPhotoUrl: string | null;
    publishedAt: Date;
  }[];
  celebrations: {
    name: string;
    photoUrl: string | null;
    kind: 'birthday' | 'workAnniversary';
    years: number | null;
  }[];
}

/** Today's date in the company's time zone, as yyyy-MM-dd. */
function companyDay(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: sharedConfig.currentTimezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** What a screen rotates now; files signed for that screen. */
async function contentOf(tv: TvService, screen: ScreenRow): Promise<ScreenContent> {
  const { db } = tv;
  const sign = (key: string | null) => tv.signer.url(key, screen.id);
  const [brand, announcements, publications, celebrations] = await Promise.all([
    findCompanyBrand(db, screen.companyId),
    screen.showAnnouncements ? listScreenAnnouncements(db, screen.companyId, screen.groupIds) : [],
    screen.showPublications
      ? listOutPublicationsForScreen(db, {
          companyId: screen.companyId,
          groupIds: screen.groupIds,
          limit: screen.publicationCount,
        })
      : [],
    screen.showCelebrations ? listCelebrations(db, screen.companyId, companyDay()) : [],
  ]);
  if (!brand) throw new AppError('NOT_FOUND');
  return {
    screen: { name: screen.name, secondsPerSlide: screen.secondsPerSlide },
    company: { name: brand.name, logoUrl: sign(brand.logoKey), mainColor: brand.mainColor },
    announcements: announcements.map((item) => ({
      id: item.id,
      imageUrl: sign(item.imageKey)!,
      description: item.description,
    })),
    publications: publications.map((item) => ({
      id: item.id,
      text: item.text,
      imageUrl: sign(item.imageKey),
      videoThumbnailUrl: sign(item.videoThumbnailKey),
      authorName: item.authorName,
      authorPhotoUrl: sign(item.authorPhotoKey),
      publishedAt: item.publishedAt,
    })),
    celebrations: celebrations.map((person) => ({
      name: person.name,
      photoUrl: sign(person.photoKey),
      kind: person.kind,
      years: person.years,
    })),
  };
}

/** What a screen of the company would rotate now (the administration's preview). */
export async function previewContent(
  tv: TvService,
  scope: TvScope,
  screenId: number,
): Promise<ScreenContent> {
  return contentOf(tv, await requireScreen(tv.db, scope.companyId, screenId));
}

/** What the paired screen rotates now (rate-limited per screen; its contact recorded). */
export async function screenContent(tv: TvService, device: Device): Promise<ScreenContent> {
  await consumeOrRefuse(tv.byDevice, String(device.deviceId));
  const screen = await requireScreen(tv.db, device.companyId, device.deviceId);
  await touchScreen(tv.db, screen.id, contactWriteSeconds);
  return contentOf(tv, screen);
}
