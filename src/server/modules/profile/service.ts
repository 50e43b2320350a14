import { PLANS } from '../../../shared/plans.ts';
import { rssLinks } from '../../../shared/rss.ts';
import type { ListReply, LoadItemsInput } from '../../../shared/schemas/items.ts';
import type { ProfileInfo, ProfileInfoQueryInput } from '../../../shared/schemas/profile.ts';
import type { LoadTagsInput, LoadTagsReply } from '../../../shared/schemas/tags.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { Clock } from '../../platform/clock.ts';
import { toSeconds } from '../../platform/clock.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import { adsInfoFor, DEFAULT_AVATAR_URL, effectivePlan } from '../accounts/user-info.ts';
import type { ItemsService } from '../items/service.ts';
import type { TagsService } from '../tags/service.ts';

type Viewer = Pick<SessionUser, 'id' | 'name' | 'plan' | 'planExpiresAt'>;

export interface ProfileDeps {
  clock: Clock;
  accounts: AccountsService;
  items: ItemsService;
  tags: TagsService;
}

/**
 * The public library (spec part 2 §2): a user's public items, public tags and user-meta header.
 * Everything here counts public items only, to the owner too, so nothing reveals a private item.
 */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  /** load_user_profile_items / search_user_profile_items: the list calls, public items only. */
  items(viewer: Viewer | null, query: LoadItemsInput): Promise<ListReply> {
    return this.deps.items.list(viewer, query, { publicOnly: true });
  }

  /** load_user_profile_tags: tags with their public counts (a tag only on private items is left out). */
  tags(query: LoadTagsInput): Promise<LoadTagsReply> {
    // as a visitor sees them: the owner's own session would count private items
    return this.deps.tags.list(null, query);
  }

  /** load_profile_info: the user-meta header; isSelf picks own or other user info in the page. */
  async info(viewer: Viewer | null, { username }: ProfileInfoQueryInput): Promise<ProfileInfo> {
    const user = await this.deps.accounts.findUserByName(username);
    if (!user) throw new NotFoundError('No such user.');
    const viewerPlan = viewer ? PLANS[effectivePlan(viewer, this.deps.clock.now())] : PLANS.free;
    return {
      name: user.name,
      real_name: `${user.firstName} ${user.lastName}`.trim() || user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      avatar_url: user.avatarUrl ?? DEFAULT_AVATAR_URL,
      teacher: user.teacher,
      regist_at: toSeconds(user.createdAt)!,
      isSelf: viewer?.id === user.id,
      rss_link: rssLinks.user(user.name),
      adsInfo: adsInfoFor(viewerPlan.ads),
    };
  }
}
