import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { RequireSession } from '@web/features/auth/components/require-session';
import { BrandHeader } from '@web/ui/brand-header';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';

/**
 * /admin: organizers only (SPEC 2, 11). The console itself is a later issue; until then this page says what an
 * organizer can already do, and tells everyone else plainly that it is not for them. The server guards every
 * organizer API on its own (requireOrganizer); this page only decides what to show.
 */
export default function AdminPage() {
  return (
    <RequireSession>
      {(user) => {
        const isOrganizer = (user as { role?: string }).role === 'organizer';
        return (
          <PageColumn>
            <title>Organizer console · Guess the Genesis</title>
            <BrandHeader />
            <main className="flex flex-1 flex-col gap-4 py-6">
              {isOrganizer ? (
                <Card>
                  <CardTitle>Organizer console</CardTitle>
                  <CardDescription>The full console (challenge pool, event settings, players) is on its way. Today you can:</CardDescription>
                  <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted">
                    <li>
                      import a challenge pack: <code className="text-ink">npm run challenges:import -- &lt;folder-or-zip&gt;</code>
                    </li>
                    <li>
                      make another organizer: <code className="text-ink">npm run admin:create -- &lt;email&gt;</code>
                    </li>
                    <li>open the booth screen on the stand's TV</li>
                  </ul>
                  <Button asChild className="mt-5 w-full">
                    <Link to={paths.booth}>Open the booth screen</Link>
                  </Button>
                </Card>
              ) : (
                <Card>
                  <CardTitle>Organizers only</CardTitle>
                  <CardDescription>This part of Guess the Genesis is for the people running the event.</CardDescription>
                  <Button asChild className="mt-5 w-full">
                    <Link to={paths.play}>Back to the game</Link>
                  </Button>
                </Card>
              )}
            </main>
            <SiteFooter />
          </PageColumn>
        );
      }}
    </RequireSession>
  );
}
