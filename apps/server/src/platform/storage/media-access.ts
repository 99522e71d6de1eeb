import type { MediaKindName } from '@elo/contract/enums';
import type { AuthSession } from '../auth/sessions.ts';

/**
 * A rule's answer: false refuses; true lets the person read the file; the name the file was sent
 * with lets them read it too, and is the name its download offers (a key is `<uuid>.<ext>`).
 */
export type MediaReadAnswer = boolean | { fileName: string };

/**
 * Whether a signed-in person of the file's company may read it: the owning module's rule, at most
 * one indexed query. A file its module does not know is refused like one it refuses.
 */
export type MediaReadRule = (reader: AuthSession, key: string) => Promise<MediaReadAnswer>;

/** A file the person may read, with the name it was sent with when its owner keeps one. */
export interface MediaGrant {
  fileName: string | null;
}

const grantOf = (answer: MediaReadAnswer): MediaGrant | null =>
  answer === false ? null : { fileName: answer === true ? null : answer.fileName };

/** Who may read which stored file, decided once per kind of media by the module that owns it. */
export interface MediaAccess {
  /** Files of these kinds are for everyone signed in to their company (logos, photos, banners). */
  openToCompany(...kinds: MediaKindName[]): void;
  /** The module owning files of this kind decides who may read each one. */
  own(kind: MediaKindName, rule: MediaReadRule): void;
  /**
   * Whether the person may read the file under this key (null when not, and for any key not of
   * their company), with the name it was sent with when its owner keeps one.
   */
  grant(reader: AuthSession, key: string): Promise<MediaGrant | null>;
}

/** `<companyId>/<kind>/<file>`, the only shape of key the storage holds. */
const keyPattern = /^(\d+)\/([a-z0-9-]+)\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/**
 * Files stored before multipart calls named their kind all went to `uploads/`; whichever module
 * holds such a key decides for it.
 */
const unnamedKind = 'uploads';

/** The registry the media route asks; each module registers its rule while the app is built. */
export function createMediaAccess(): MediaAccess {
  const rules = new Map<string, MediaReadRule>();
  const companyWide: MediaReadRule = async () => true;
  function register(kind: MediaKindName, rule: MediaReadRule) {
    if (rules.has(kind)) throw new Error(`media of kind ${kind} already has an owner`);
    rules.set(kind, rule);
  }
  return {
    openToCompany(...kinds) {
      for (const kind of kinds) register(kind, companyWide);
    },
    own: register,
    async grant(reader, key) {
      const match = keyPattern.exec(key);
      if (!match || Number(match[1]) !== reader.companyId) return null;
      const kind = match[2]!;
      const rule = rules.get(kind);
      if (rule) return grantOf(await rule(reader, key));
      if (kind !== unnamedKind) return null;
      for (const owner of new Set(rules.values())) {
        if (owner === companyWide) continue;
        const granted = grantOf(await owner(reader, key));
        if (granted) return granted;
      }
      return null;
    },
  };
}
