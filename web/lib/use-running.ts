import { useEffect, useState } from 'react';

/**
 * False while React takes over a pre-rendered page's markup, true once this component's code runs. A control in
 * that markup does nothing (or the bare HTML form's job) when tapped before then, so it stays disabled until this
 * says true.
 */
export function useRunning(): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running;
}
