// Whether the signed-in user may open the route named `name`: screens show a button or a link
// only when its target is in the user's permitted routes (the same rule as the sidebar).
import { usePermittedRoutes } from './permitted';

export function useCanOpen(): (name: string) => boolean {
  const { flat } = usePermittedRoutes();
  return (name: string) => flat.some((m) => m.route.name === name);
}
