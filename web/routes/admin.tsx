import { Link, Navigate } from 'react-router';
import { paths } from '@contracts/paths';
import { ActivitySection } from '@web/features/admin/activity/components/activity-section';
import { ChallengesSection } from '@web/features/admin/challenges/components/challenges-section';
import { StarterPackNotice } from '@web/features/admin/challenges/components/starter-pack-notice';
import { EventSection } from '@web/features/admin/event/components/event-section';
import { ModerationPanel } from '@web/features/admin/moderation/components/moderation-panel';
import { OverviewSection } from '@web/features/admin/overview/components/overview-section';
import { PlayersSection } from '@web/features/admin/players/components/players-section';
import { AdminShell, useAdminSection } from '@web/features/admin/shell/components/admin-shell';
import { RequireSession } from '@web/features/auth/components/require-session';
import { BrandHeader } from '@web/ui/brand-header';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';
import { withQueryClient } from '@web/lib/query-client';

/**
 * /admin/*: the organizer console (docs/decisions/007-organizer-console-web.md). Organizers get the console's sections as nested routes; everyone
 * else a plain refusal. The server guards every organizer API on its own (requireOrganizer); this page only
 * decides what to show.
 */
function AdminPage() {
  return <RequireSession>{(user) => ((user as { role?: string }).role === 'organizer' ? <Console /> : <OrganizersOnly />)}</RequireSession>;
}

function Console() {
  const section = useAdminSection();
  if (section === null) return <Navigate to={paths.admin} replace />;
  return (
    <AdminShell>
      {section === '' || section === 'challenges' ? <StarterPackNotice /> : null}
      {section === '' ? <OverviewSection /> : null}
      {section === 'players' ? (
        <div className="flex flex-col gap-5">
          <PlayersSection />
          <ModerationPanel />
        </div>
      ) : null}
      {section === 'event' ? <EventSection /> : null}
      {section === 'challenges' ? <ChallengesSection /> : null}
      {section === 'activity' ? <ActivitySection /> : null}
    </AdminShell>
  );
}

function OrganizersOnly() {
  return (
    <PageColumn>
      <title>Organizer console · Guess the Genesis</title>
      <BrandHeader />
      <main className="flex flex-1 flex-col gap-4 py-6">
        <Card>
          <CardTitle>Organizers only</CardTitle>
          <CardDescription>This part of Guess the Genesis is for the people running the event.</CardDescription>
          <Button asChild className="mt-5 w-full">
            <Link to={paths.play}>Back to the game</Link>
          </Button>
        </Card>
      </main>
      <SiteFooter />
    </PageColumn>
  );
}

export default withQueryClient(AdminPage);
