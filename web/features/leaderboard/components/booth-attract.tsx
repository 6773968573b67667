import { Gauge, ImageIcon, PenLine } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';

const SLIDE_MS = 9000;

type Slide = 'board' | 'images' | 'how';

/**
 * While nothing happens, the board's panel takes turns with sample images from finished challenges and how to play,
 * so the screen keeps moving and explains itself. The QR code stays on screen throughout (the side panel).
 */
export function BoothAttract({ board, sampleImages }: { board: ReactNode; sampleImages: string[] }) {
  const slides: Slide[] = sampleImages.length >= 2 ? ['images', 'how', 'board'] : ['how', 'board'];
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => current + 1), SLIDE_MS);
    return () => clearInterval(timer);
  }, []);
  const slide = slides[index % slides.length];
  return (
    <div data-testid="booth-attract" data-slide={slide} className="booth-fade flex min-h-0 flex-1 flex-col" key={slide}>
      {slide === 'board' ? board : slide === 'images' ? <SampleImages images={sampleImages} /> : <HowToPlay />}
    </div>
  );
}

function SampleImages({ images }: { images: string[] }) {
  const shown = images.slice(0, 6);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p className="font-display text-[4.4vh] font-extrabold">Every image hides a secret prompt.</p>
      <p className="mt-[0.6vh] text-[2.6vh] text-muted">Players guessed these. Can you read the machine's mind?</p>
      <div className="mt-[2.4vh] grid min-h-0 flex-1 grid-cols-3 grid-rows-2 gap-[1.4vh]">
        {shown.map((src) => (
          <img key={src} src={src} alt="" className="size-full min-h-0 rounded-[1.6vh] border border-night-700 object-cover" />
        ))}
      </div>
    </div>
  );
}

const steps = [
  { icon: ImageIcon, title: 'Scan the code', text: 'You get your own AI-generated image.' },
  { icon: PenLine, title: 'Guess the prompt', text: 'Three tries to describe what made it.' },
  { icon: Gauge, title: 'Top the board', text: 'The closer the meaning, the higher your score.' },
];

function HowToPlay() {
  return (
    <div className="flex min-h-0 flex-1 flex-col justify-center">
      <p className="font-display text-[6vh] font-extrabold">How to play</p>
      <ol className="mt-[3vh] flex flex-col gap-[3vh]">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex items-center gap-[1.6vw]">
            <span className="flex size-[11vh] shrink-0 items-center justify-center rounded-[2.4vh] bg-gradient-to-br from-cta-from to-cta-to text-white">
              <Icon className="size-[5.5vh]" aria-hidden />
            </span>
            <span>
              <span className="block font-display text-[4.6vh] font-extrabold">
                {index + 1}. {title}
              </span>
              <span className="block text-[3vh] text-muted">{text}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
