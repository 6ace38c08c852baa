import { MOBILE_WIDTH } from '@fleetlens/contracts';
import { useSyncExternalStore } from 'react';

function subscribe(callback: () => void): () => void {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
}

/** Mobile mode under 992 px (spec §2.1). */
export function useMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < MOBILE_WIDTH);
}
