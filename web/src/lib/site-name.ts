import { useEffect } from 'react';
import { trpc } from './trpc';

export const defaultSiteName = 'Cuepoint';

/** The site name from the platform settings (an admin may change it at any time). */
export function useSiteName(): string {
  const site = trpc.settings.publicSite.useQuery(undefined, { staleTime: 60_000 });
  return site.data?.siteName ?? defaultSiteName;
}

/** Sets the browser tab's title: "{page} · {site name}", or just the site name. */
export function useDocumentTitle(page?: string): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = page ? `${page} · ${siteName}` : siteName;
  }, [page, siteName]);
}
