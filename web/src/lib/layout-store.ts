import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from './storage-keys';

/** The shell's three layouts (platform.md §2 "Shell"): navigation on the left, across the top, or boxed with it on the right. */
export const layoutStyles = ['vertical', 'horizontal', 'boxed'] as const;
export type LayoutStyle = (typeof layoutStyles)[number];

export function isLayoutStyle(value: unknown): value is LayoutStyle {
  return typeof value === 'string' && (layoutStyles as readonly string[]).includes(value);
}

interface LayoutState {
  style: LayoutStyle;
  /** Vertical layout: navbar folded to 64px (expands on hover); boxed layout: the right-hand navigation folded to its icons. */
  folded: boolean;
  setStyle(style: LayoutStyle): void;
  toggleFolded(): void;
}

export const useLayout = create<LayoutState>()(
  persist(
    (set) => ({
      style: 'vertical',
      folded: false,
      setStyle: (style) => set({ style }),
      toggleFolded: () => set((state) => ({ folded: !state.folded })),
    }),
    {
      name: storageKeys.layout,
      storage: createJSONStorage(() => window.localStorage),
      // A stored style this version does not know (an older or newer build) falls back to the default.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<LayoutState>;
        return { ...current, ...stored, style: isLayoutStyle(stored.style) ? stored.style : current.style, folded: stored.folded === true };
      },
    },
  ),
);
