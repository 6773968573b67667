import { ArrowRight, Crown, ImageIcon, Target, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { RedirectSignedIn } from '@web/features/auth/components/redirect-signed-in';
import { EventClosedNotice } from '@web/features/event-status/components/event-closed-notice';
import { ChampionSpotlight } from '@web/features/leaderboard/components/champion-spotlight';
import { Button } from '@web/ui/button';
import { Card, CardDescription } from '@web/ui/card';
import { Logo } from '@web/ui/logo';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';

// A walk-up is almost always new: both calls to action open /auth in sign-up mode (the toggle still offers sign-in).
const SIGN_UP = `${paths.auth}?mode=sign-up`;

// Keep this page light: it is the first thing every attendee loads, so it imports no feature but auth's guard
// and the leaderboard's small champion block (one GET, no live stream).
export default function LandingPage() {
  return (
    <RedirectSignedIn>
      <PageColumn className="gap-12">
        <main className="flex flex-col gap-12">
          <Hero />
          <EventClosedNotice />
          <Features />
          <ReadyToPlay />
          <WinnerNote />
          {/* The current top scorer's revealed strategy, between the rules and the last call. */}
          <ChampionSpotlight />
          <ClosingCallToAction />
        </main>
        <SiteFooter />
      </PageColumn>
    </RedirectSignedIn>
  );
}

function Hero() {
  return (
    <header className="flex flex-col items-center pt-14 text-center">
      <Logo className="size-16 drop-shadow-[0_0_24px_rgb(167_139_250/0.45)]" />
      <p className="mt-6 rounded-full border border-night-600 bg-night-900/70 px-3 py-1 text-xs font-medium tracking-wide text-muted">
        An AI image game for conference attendees
      </p>
      <h1 className="mt-4 bg-gradient-to-r from-ink via-accent to-glow bg-clip-text font-display text-5xl font-extrabold leading-[1.05] tracking-tight text-transparent">
        Guess the Genesis
      </h1>
      <p className="mt-4 max-w-[22rem] text-base text-muted">
        Every image hides the secret prompt that created it. You get three guesses to get as close as you can — and climb the leaderboard.
      </p>
      <Button asChild size="lg" className="mt-8 w-full">
        <Link to={SIGN_UP}>
          Get Started
          <ArrowRight className="size-5" aria-hidden />
        </Link>
      </Button>
    </header>
  );
}

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Challenge Yourself',
    text: 'Get your own unique AI-generated image and work out the prompt behind it.',
    icon: <ImageIcon className="size-5" aria-hidden />,
  },
  {
    title: 'Earn Your Score',
    text: 'Each guess is scored by how similar it is to the original prompt. Your best of 3 counts.',
    icon: <Target className="size-5" aria-hidden />,
  },
  {
    title: 'Compete & Win',
    text: 'Your score lands on the live leaderboard. Beat everyone to take the top spot.',
    icon: <Trophy className="size-5" aria-hidden />,
  },
];

function Features() {
  return (
    <section aria-label="Features" className="flex flex-col gap-3">
      {features.map((feature) => (
        <Card key={feature.title} className="flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-accent-strong/30 to-glow/20 text-accent ring-1 ring-accent/30">
            {feature.icon}
          </span>
          <div>
            <h2 className="font-display text-lg font-bold text-ink">{feature.title}</h2>
            <CardDescription>{feature.text}</CardDescription>
          </div>
        </Card>
      ))}
    </section>
  );
}

const steps = [
  'Sign up or log in with e-mail or Google',
  'Receive your unique AI-generated image challenge',
  'Make your best guesses and climb the leaderboard',
];

function ReadyToPlay() {
  return (
    <section aria-labelledby="ready-heading">
      <h2 id="ready-heading" className="text-center font-display text-2xl font-bold tracking-tight">
        Ready to Play?
      </h2>
      <ol className="mt-5 flex flex-col gap-3">
        {steps.map((step, index) => (
          <li key={step} className="flex items-center gap-4 rounded-2xl border border-night-700 bg-night-900/60 p-4">
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-cta-from to-cta-to font-display text-sm font-bold text-white"
              aria-hidden
            >
              {index + 1}
            </span>
            <span className="text-sm font-medium text-ink">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function WinnerNote() {
  return (
    <section
      aria-label="The prize"
      className="rounded-2xl border border-glow/30 bg-gradient-to-br from-accent-strong/15 to-glow/10 p-5 text-center"
    >
      <Crown className="mx-auto size-7 text-glow" aria-hidden />
      <p className="mt-2 font-display text-lg font-bold">One winner. One reveal.</p>
      <p className="mt-1 text-sm text-muted">Only the top scorer gets to reveal their winning strategy.</p>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section aria-label="Join" className="flex flex-col items-center text-center">
      <p className="font-display text-xl font-bold">Think you can read the machine's mind?</p>
      <Button asChild size="lg" className="mt-5 w-full">
        <Link to={SIGN_UP}>Join the Challenge</Link>
      </Button>
    </section>
  );
}
