import { useEffect, useState } from 'react';
import { OFFLINE_OVERLAY_DELAY_MS } from '@waymark/domain';

/** How long 'Back online' stays before the overlay goes away. */
export const BACK_ONLINE_VISIBLE_MS = 3_000;

export type ConnectionNotice = 'offline' | 'back-online' | null;

/**
 * The notice the offline overlay shows. A change shows only after 400 ms (spec 002 §2.11),
 * so a blip that heals at once never flashes on screen.
 */
export function useConnectionNotice(): ConnectionNotice {
  const [notice, setNotice] = useState<ConnectionNotice>(() =>
    navigator.onLine ? null : 'offline',
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (fn: () => void, ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    };
    const onOffline = () => later(() => setNotice('offline'), OFFLINE_OVERLAY_DELAY_MS);
    const onOnline = () =>
      later(() => {
        setNotice((current) => (current === 'offline' ? 'back-online' : null));
        timer = setTimeout(() => setNotice(null), BACK_ONLINE_VISIBLE_MS);
      }, OFFLINE_OVERLAY_DELAY_MS);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  return notice;
}
