import { PRODUCT_TITLE } from '@fleetlens/contracts';
import { useEffect } from 'react';

/** Spec §2.1: translated route title + ' - ' + product title, or the product title alone. */
export function pageTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

export function usePageTitle(routeTitle: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(routeTitle);
  }, [routeTitle]);
}
