import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@contracts/paths';
import { Button } from '@web/ui/button';
import { PageColumn } from '@web/ui/page';
import { COMPANY_NAME, SiteFooter } from '@web/ui/site-footer';

export default function PrivacyPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the first entry of this app's history. The page before may still be ours: the footer's link tapped
  // before the app had started on it (a slow phone) loads /privacy afresh; then the browser goes back to it. Opened
  // from elsewhere (another site, a typed address), BACK goes home.
  const goBack = () => {
    if (location.key !== 'default') return navigate(-1);
    if (cameFromThisSite()) return window.history.back();
    return navigate(paths.landing);
  };

  return (
    <PageColumn>
      <title>Privacy Policy · Guess the Genesis</title>
      <div className="pt-4">
        <Button variant="ghost" onClick={goBack} className="-ml-3">
          <ArrowLeft className="size-4" aria-hidden />
          BACK
        </Button>
      </div>
      <main className="pb-12 pt-6">
        <h1 className="font-display text-3xl font-bold tracking-tight">Privacy Policy</h1>
        <p className="mt-2 text-sm text-muted">How {COMPANY_NAME} handles your data in Guess the Genesis.</p>
        <div className="mt-8 flex flex-col gap-7">
          <PolicySection title="What we collect">
            Your e-mail address and sign-in details, the display name you choose, your phone number if you give one, and your games: the
            images you were given, your guesses and your scores.
          </PolicySection>
          <PolicySection title="How we use it">
            Your data is used for internal purposes only: to run the game and its leaderboard, and possibly to contact you about job
            opportunities at {COMPANY_NAME} (hiring outreach).
          </PolicySection>
          <PolicySection title="Your phone number">
            Giving a phone number is optional. It is only used to contact you if you win the challenge.
          </PolicySection>
          <PolicySection title="Sharing">
            We do not share your data with third parties. Your display name and score appear on the public leaderboard.
          </PolicySection>
          <PolicySection title="Cookies">
            We use only the cookie that keeps you signed in. There are no advertising or tracking cookies.
          </PolicySection>
          <PolicySection title="Removing your data">
            Your data can be removed on request. Ask anyone from our team at the booth, or reply to any e-mail we sent you, and we will
            delete your account and game history.
          </PolicySection>
        </div>
      </main>
      <SiteFooter withLogo />
    </PageColumn>
  );
}

function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="font-display text-lg font-semibold text-ink">{title}</h2>
      <p className="mt-2 text-[0.95rem] leading-relaxed text-muted">{children}</p>
    </section>
  );
}

function cameFromThisSite(): boolean {
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === window.location.origin && referrer.pathname !== window.location.pathname && window.history.length > 1;
  } catch {
    return false;
  }
}
