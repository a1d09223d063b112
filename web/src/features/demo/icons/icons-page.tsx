import { useMemo, useState, type ComponentType } from 'react';
import {
  Bell, Calendar, Camera, Clock, Cloud, Code, Compass, Copy, Disc, Download, Eye, File, Film, Flag, Folder, Gift, Globe, Heart, House, Image, Inbox, Key,
  Link, Lock, Mail, Map, MessageCircle, Mic, Music, Pause, Pencil, Phone, Play, Podcast, Radio, Search, Settings, Share2, Shapes, Shield, ShoppingCart, Square,
  Star, Tag, Ticket, Trash2, Tv, Upload, User, Users, Video, Volume2, Wallet, type LucideProps,
} from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@web/components/empty-state';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SearchField } from '@web/components/search-field';
import { SkeletonCards } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import type { IconEntry } from '@server/domains/demo/icons/icons.schemas';

/** The catalogue's icon-font subjects drawn with the app's icon set. */
const glyphs: Record<string, ComponentType<LucideProps>> = {
  home: House, user: User, users: Users, cart: ShoppingCart, bell: Bell, calendar: Calendar, camera: Camera, chat: MessageCircle, clock: Clock,
  cloud: Cloud, code: Code, compass: Compass, disc: Disc, download: Download, upload: Upload, edit: Pencil, eye: Eye, file: File, film: Film,
  flag: Flag, folder: Folder, gift: Gift, globe: Globe, heart: Heart, image: Image, inbox: Inbox, key: Key, link: Link, lock: Lock, mail: Mail,
  map: Map, mic: Mic, music: Music, pause: Pause, phone: Phone, play: Play, podcast: Podcast, radio: Radio, search: Search, settings: Settings,
  share: Share2, shield: Shield, star: Star, tag: Tag, ticket: Ticket, trash: Trash2, tv: Tv, video: Video, volume: Volume2, wallet: Wallet,
};

function Glyph({ icon }: { icon: IconEntry }) {
  const Component = icon.tags.map((tag) => glyphs[tag]).find(Boolean) ?? Square;
  const solid = icon.tags.includes('solid');
  return <Component className="size-7" aria-hidden fill={solid ? 'currentColor' : 'none'} fillOpacity={solid ? 0.25 : undefined} />;
}

function IconGrid({ icons }: { icons: IconEntry[] }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return icons;
    return icons.filter((icon) => [icon.name, icon.ligatures, ...icon.tags].some((text) => text.toLowerCase().includes(needle)));
  }, [icons, query]);

  async function copy(icon: IconEntry) {
    try {
      const name = icon.name;
      await navigator.clipboard.writeText(name);
      toast.success(t`Copied “${name}”`);
    } catch {
      toast.error(t`Copying is not allowed here; select the name instead`);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchField label={t`Search icons`} placeholder={t`Search icons by name or tag`} value={query} onChange={setQuery} className="w-full max-w-md" />
        <p className="text-sm text-slate-500" aria-live="polite">
          <Trans>
            {shown.length} of {icons.length} icons
          </Trans>
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState title={t`No icons match`} icon={<Shapes className="size-10" aria-hidden />}>
          <Trans>Try another name or tag.</Trans>
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6" aria-label={t`Icons`}>
          {shown.map((icon) => (
            <li key={icon.id}>
              <button
                type="button"
                onClick={() => void copy(icon)}
                title={t`Copy “${icon.name}”`}
                className="group flex w-full flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-4 text-center text-slate-700 hover:border-brand-300 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <Glyph icon={icon} />
                <span className="w-full truncate text-sm font-medium">{icon.name}</span>
                <span className="flex items-center gap-1 text-xs text-slate-500">
                  U+{icon.code.toString(16).toUpperCase()}
                  <Copy className="size-3 opacity-0 group-hover:opacity-100" aria-hidden />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The icon catalogue of the sample data: a searchable grid; a click copies the icon's name. */
export default function IconsPage() {
  const { t } = useLingui();
  const icons = trpc.demo.icons.list.useQuery();
  return (
    <SampleAppShell title={t`Icons`} icon={<Shapes aria-hidden />} subtitle={t`The icon font catalogue`}>
      <QueryState
        query={icons}
        errorTitle={t`Could not load the icons`}
        loading={<SkeletonCards count={12} label={t`Loading icons`} className="grid-cols-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6" />}
        empty={<EmptyState title={t`The catalogue is empty`} />}
      >
        {(entries) => <IconGrid icons={entries} />}
      </QueryState>
    </SampleAppShell>
  );
}
