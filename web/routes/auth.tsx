import { AuthScreen } from '@web/features/auth/components/auth-screen';
import { GuestOnly } from '@web/features/auth/components/require-session';
import { EventClosedNotice } from '@web/features/event-status/components/event-closed-notice';
import { BrandHeader } from '@web/ui/brand-header';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';
import { withQueryClient } from '@web/lib/query-client';

/** What a signed-out visitor sees; the server also sends it pre-rendered (web/app/prerender.tsx). */
export function AuthPageContent() {
  return (
    <>
      <title>Sign in · Guess the Genesis</title>
      <PageColumn>
        <BrandHeader />
        <main className="pb-10">
          <EventClosedNotice className="mb-4" />
          <AuthScreen />
        </main>
        <SiteFooter />
      </PageColumn>
    </>
  );
}

function AuthPage() {
  return (
    <GuestOnly>
      <AuthPageContent />
    </GuestOnly>
  );
}

export default withQueryClient(AuthPage);
