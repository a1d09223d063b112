import { z } from 'zod';

export const quickPanelItem = z.object({ id: z.string().min(1), title: z.string().min(1), detail: z.string() });
export type QuickPanelItem = z.infer<typeof quickPanelItem>;

export const quickPanelData = z.object({ notes: z.array(quickPanelItem), events: z.array(quickPanelItem) });
export type QuickPanelData = z.infer<typeof quickPanelData>;
