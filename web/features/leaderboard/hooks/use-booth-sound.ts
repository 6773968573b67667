import { useCallback, useEffect, useRef, useState } from 'react';

const STORAGE_KEY = 'booth-sound';

/**
 * The booth's optional sound for a NEW #1 (off by default; the choice is kept on this screen). A short rising chime
 * made with WebAudio: no file to download. Turning it on is a tap, which also lets the browser play audio.
 */
export function useBoothSound() {
  const [on, setOn] = useState(() => {
    try {
      return window.localStorage.getItem(STORAGE_KEY) === 'on';
    } catch {
      return false;
    }
  });
  const context = useRef<AudioContext | null>(null);

  useEffect(() => {
    try {
      window.localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts until the page reloads.
    }
  }, [on]);

  const toggle = useCallback(() => {
    setOn((value) => {
      if (!value && !context.current && typeof AudioContext !== 'undefined') context.current = new AudioContext();
      void context.current?.resume().catch(() => undefined);
      return !value;
    });
  }, []);

  const chime = useCallback(() => {
    if (!on || typeof AudioContext === 'undefined') return;
    const audio = (context.current ??= new AudioContext());
    void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    [523.25, 659.25, 783.99, 1046.5].forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'triangle';
      oscillator.frequency.value = frequency;
      const at = start + index * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.55);
    });
  }, [on]);

  return { on, toggle, chime };
}
