// A list of things that change on the server by themselves (jobs, downloads): while one of its
// rows is still waiting or running, its queries are fetched again every `ms`.
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export function useFollow(following: boolean, queryKey: QueryKey, ms: number): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!following) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
      ms,
    );
    return () => clearInterval(timer);
  }, [following, key, ms, queryClient]);
}
