import { useSyncExternalStore } from 'react';

const query = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True from 768 px (the table); below it the users list shows cards, so a phone never scrolls sideways. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
