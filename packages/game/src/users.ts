// The users table as the service keeps it: profiles and reachability, the /lang choice.
import type { PlayerId } from '@mia/engine';
import type { PrismaClient } from '@mia/db';
import type { ChatAnnouncer } from './chats';
import { toUserId } from './ids';
import type { UserInfo } from './requests';

export class Users {
  constructor(
    private readonly prisma: PrismaClient,
    /** The act pipeline's cache of profiles it wrote: a profile written here must be written again there. */
    private readonly forgetProfile: (id: PlayerId) => void,
    /** Tells other processes (their cached languages) of a /lang, by the person's private chat id. */
    private readonly announcer?: ChatAnnouncer,
  ) {}

  /** Keeps a user's profile and reachability (private chat started, bot blocked) up to date. */
  async update(user: UserInfo, flags: { privateChatOk?: boolean; blockedBot?: boolean } = {}): Promise<void> {
    const id = toUserId(user.id);
    const data = {
      firstName: user.name,
      ...(user.username !== undefined ? { username: user.username } : {}),
      ...(user.languageCode !== undefined ? { languageCode: user.languageCode } : {}),
      ...flags,
    };
    this.forgetProfile(user.id);
    await this.prisma.user.upsert({ where: { id }, create: { id, isAi: user.isAi ?? false, ...data }, update: data });
  }

  /** The language a user chose with /lang in a private chat (null: follow Telegram's). */
  async setLanguage(id: PlayerId, language: string | null): Promise<void> {
    const userId = toUserId(id);
    const announcer = this.announcer;
    if (!announcer) {
      await this.prisma.user.updateMany({ where: { id: userId }, data: { language } });
      return;
    }
    await this.prisma.$transaction(async (tx) => {
      await tx.user.updateMany({ where: { id: userId }, data: { language } });
      await announcer.publish(tx, userId, { type: 'user-language' });
    });
    announcer.committed(userId, { type: 'user-language' });
  }

  get(id: PlayerId) {
    return this.prisma.user.findUnique({ where: { id: toUserId(id) } });
  }
}
