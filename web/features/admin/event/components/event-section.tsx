import { SectionHeader } from '@web/ui/section-header';
import { Spinner } from '@web/ui/spinner';
import { useEvent } from '../api/get-event';
import { ArchivesCard } from './archives-card';
import { BoothControlCard } from './booth-control-card';
import { EventLimitsCard } from './event-limits-card';
import { EventSwitchesCard } from './event-switches-card';
import { EventTimeZoneCard } from './event-time-zone-card';
import { LeaderboardResetCard } from './leaderboard-reset-card';
import { PlayFirstCard } from './play-first-card';
import { ResultsLockCard } from './results-lock-card';

/** Event: open/closed, prompt reuse, what the booth shows, per-player limits, the leaderboard reset and the archived boards. */
export function EventSection() {
  const event = useEvent();
  return (
    <div>
      <SectionHeader
        title="Event"
        documentTitle="Event · Organizer console"
        description="Open or close the game, set its rules, run the booth screen, and reset the board between sessions."
      />
      {event.data ? (
        <div className="grid gap-5 lg:grid-cols-2">
          <EventSwitchesCard event={event.data} />
          <BoothControlCard />
          <ResultsLockCard event={event.data} />
          <EventLimitsCard event={event.data} />
          <PlayFirstCard event={event.data} />
          <LeaderboardResetCard since={event.data.leaderboardSince} />
          <EventTimeZoneCard event={event.data} />
          <ArchivesCard />
        </div>
      ) : event.isError ? (
        <p role="alert" className="text-sm text-danger">
          Could not load the event settings: {event.error.message}
        </p>
      ) : (
        <Spinner label="Loading the event settings..." className="py-16" />
      )}
    </div>
  );
}
