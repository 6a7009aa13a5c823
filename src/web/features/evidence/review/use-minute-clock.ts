import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The time now, updated every minute, so "5m ago" keeps counting while the panel stays open. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
