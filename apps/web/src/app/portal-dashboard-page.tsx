import { useChatUnreadTotal } from '../features/chat/chat-store.ts';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page.tsx';
import { BannerCarousel } from '../features/timeline/components/banner-carousel.tsx';
import { LatestPosts } from '../features/timeline/components/latest-posts.tsx';

/** The dashboard with the timeline's announcements and latest posts (features meet only here). */
export function PortalDashboardPage() {
  const unreadChatMessages = useChatUnreadTotal();
  return (
    <DashboardPage
      banners={<BannerCarousel />}
      latestPosts={<LatestPosts />}
      unreadChatMessages={unreadChatMessages}
    />
  );
}
