import { Gauge, ImageIcon, PenLine } from 'lucide-react';
import { GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import { Card, CardTitle } from '@web/ui/card';

const steps = [
  { icon: ImageIcon, title: 'Get an Image', text: 'You receive your own unique AI-generated image.' },
  { icon: PenLine, title: 'Make Your Guesses', text: `You have ${GUESSES_PER_CHALLENGE} tries to guess the prompt that created it.` },
  { icon: Gauge, title: 'Get Scored', text: 'Each guess is scored by how close it comes. Your best score counts.' },
];

export function HowItWorks() {
  return (
    <Card aria-labelledby="how-it-works-title">
      <CardTitle id="how-it-works-title">How it works</CardTitle>
      <ol className="mt-4 flex flex-col gap-4">
        {steps.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-night-700 text-accent">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
