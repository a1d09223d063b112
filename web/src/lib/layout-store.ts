import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from './storage-keys';

export type LayoutStyle = 'vertical' | 'horizontal';

interface LayoutState {
  style: LayoutStyle;
  /** Vertical layout: navbar folded to 64px (expands on hover). */
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
    { name: storageKeys.layout, storage: createJSONStorage(() => window.localStorage) },
  ),
);
