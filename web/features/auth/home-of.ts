import { paths } from '@contracts/paths';

/**
 * Where a signed-in user belongs: organizers on the console, players in the game. Every place that sends a user on
 * after signing in (the sign-in form, the /auth guard, the landing page's check) asks this, so they agree whichever
 * runs first. No imports beyond the paths: the landing page ships without the auth library (docs/decisions/020).
 */
export const homeOf = (user: unknown) => ((user as { role?: string } | null | undefined)?.role === 'organizer' ? paths.admin : paths.play);
