import type { Db } from '@db/client';
import { iconPrevSize, type IconEntry } from '@server/domains/demo/icons/icons.schemas';
import { iconEntries } from '@server/domains/demo/icons/icons.service';
import type { DemoSeeder } from './seeder';

export const iconCount = 100;

const subjects = [
  'home', 'user', 'users', 'cart', 'bell', 'calendar', 'camera', 'chat', 'clock', 'cloud',
  'code', 'compass', 'disc', 'download', 'upload', 'edit', 'eye', 'file', 'film', 'flag',
  'folder', 'gift', 'globe', 'heart', 'image', 'inbox', 'key', 'link', 'lock', 'mail',
  'map', 'mic', 'music', 'pause', 'phone', 'play', 'podcast', 'radio', 'search', 'settings',
  'share', 'shield', 'star', 'tag', 'ticket', 'trash', 'tv', 'video', 'volume', 'wallet',
];
const styles = ['outline', 'solid'];
const firstCodePoint = 0xe900;

/** A catalogue of 100 icon-font entries: every subject in an outline and a solid style. */
export function generateIcons(): IconEntry[] {
  const icons: IconEntry[] = [];
  for (const style of styles) {
    for (const subject of subjects) {
      const index = icons.length;
      const name = `${subject}-${style}`;
      icons.push({
        order: index + 1,
        id: index,
        name,
        prevSize: iconPrevSize,
        code: firstCodePoint + index,
        ligatures: `${subject}, ${name}`,
        tags: [subject, style],
      });
    }
  }
  return icons;
}

export const iconsSeeder: DemoSeeder = {
  app: 'icons',
  async seed(db: Db) {
    await iconEntries(db).replaceAll(generateIcons());
  },
};
