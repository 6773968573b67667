import { KeyRound, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@contracts/paths';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form';
import { Button } from '@web/ui/button';
import { Card } from '@web/ui/card';
import { BrandHeader } from '@web/ui/brand-header';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';
import { withQueryClient } from '@web/lib/query-client';

/** Where the reset e-mail's link lands: ?token=... to choose a new password, ?error=INVALID_TOKEN when it expired. */
function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkWorks = Boolean(token) && !searchParams.get('error');

  return (
    <PageColumn>
      <title>Reset password · Guess the Genesis</title>
      <BrandHeader />
      <main className="pb-10">
        <Card padding="lg">
          {linkWorks ? (
            <>
              <IconBadge tone="accent">
                <KeyRound className="size-6" aria-hidden />
              </IconBadge>
              <h1 className="mt-4 font-display text-2xl font-bold tracking-tight">Choose a new password</h1>
              <p className="mt-1 mb-6 text-sm text-muted">Almost there — set a new password for your account.</p>
              <ResetPasswordForm token={token!} />
            </>
          ) : (
            <div role="alert">
              <IconBadge tone="danger">
                <TriangleAlert className="size-6" aria-hidden />
              </IconBadge>
              <h1 className="mt-4 font-display text-2xl font-bold tracking-tight">This reset link doesn't work</h1>
              <p className="mt-2 text-sm text-muted">
                It may have expired or been used already. Reset links are valid for one hour and work only once.
              </p>
              <Button asChild size="lg" className="mt-6 w-full">
                <Link to={`${paths.auth}?mode=forgot`}>Request a new link</Link>
              </Button>
              <Button asChild variant="link" className="mt-4 w-full text-sm">
                <Link to={paths.auth}>Back to sign in</Link>
              </Button>
            </div>
          )}
        </Card>
      </main>
      <SiteFooter />
    </PageColumn>
  );
}

function IconBadge({ tone, children }: { tone: 'accent' | 'danger'; children: React.ReactNode }) {
  return (
    <span
      className={
        tone === 'accent'
          ? 'flex size-12 items-center justify-center rounded-2xl bg-accent/15 text-accent'
          : 'flex size-12 items-center justify-center rounded-2xl bg-danger/15 text-danger'
      }
    >
      {children}
    </span>
  );
}

export default withQueryClient(ResetPasswordPage);
