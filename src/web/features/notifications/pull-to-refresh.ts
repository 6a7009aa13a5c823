import { useCallback, useEffect, useRef, useState, type TouchEvent } from 'react';

/** A pull further than this refreshes when released. */
export const PULL_TRIGGER_PX = 60;
/** The indicator stops growing here, however far the finger goes. */
export const PULL_MAX_PX = 100;

/** How far the page shows as pulled for a finger that moved from startY to currentY. */
export function pullDistance(startY: number, currentY: number): number {
  return Math.min(PULL_MAX_PX, Math.max(0, currentY - startY));
}

export function pullTriggers(distance: number): boolean {
  return distance > PULL_TRIGGER_PX;
}

export interface PullToRefresh {
  distance: number;
  refreshing: boolean;
  handlers: {
    onTouchStart: (event: TouchEvent) => void;
    onTouchMove: (event: TouchEvent) => void;
    onTouchEnd: () => void;
  };
}

/**
 * Pull-to-refresh for touch devices: a pull that starts at the top of the page and goes beyond 60 px runs
 * `refresh` on release. Touch events only, so a mouse or keyboard never triggers it (they have the button).
 */
export function usePullToRefresh(refresh: () => Promise<void>): PullToRefresh {
  const startY = useRef<number | null>(null);
  const pulled = useRef(0);
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  // The browser's own pull-to-refresh would reload the whole page on the same gesture.
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      root.style.overscrollBehaviorY = previous;
    };
  }, []);

  const onTouchStart = useCallback(
    (event: TouchEvent) => {
      const touch = event.touches[0];
      startY.current = window.scrollY <= 0 && !refreshing && touch !== undefined ? touch.clientY : null;
    },
    [refreshing],
  );
  const onTouchMove = useCallback((event: TouchEvent) => {
    const touch = event.touches[0];
    if (startY.current === null || touch === undefined) return;
    pulled.current = pullDistance(startY.current, touch.clientY);
    setDistance(pulled.current);
  }, []);
  const onTouchEnd = useCallback(() => {
    if (startY.current === null) return;
    startY.current = null;
    const triggered = pullTriggers(pulled.current);
    pulled.current = 0;
    setDistance(0);
    if (!triggered) return;
    setRefreshing(true);
    void refresh().finally(() => setRefreshing(false));
  }, [refresh]);

  return { distance, refreshing, handlers: { onTouchStart, onTouchMove, onTouchEnd } };
}
