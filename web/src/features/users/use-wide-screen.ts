import { useMediaQuery } from '@web/lib/use-media-query';

/** True from 768 px (the table); below it the users list shows cards, so a phone never scrolls sideways. */
export function useWideScreen(): boolean {
  return useMediaQuery('(min-width: 768px)');
}
