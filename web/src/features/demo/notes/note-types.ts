import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['demo']['notes'];
export type Note = Outputs['notes'][number];
export type NoteLabel = Outputs['labels'][number];
export type LabelId = NoteLabel['id'];

/** A note as the editor holds it (new notes have no id yet). */
export interface NoteDraft {
  id?: string;
  title: string;
  description: string;
  archive: boolean;
  image: string;
  reminder: string | null;
  checklist: { id: string; checked: boolean; text: string }[];
  labels: LabelId[];
}

export const emptyDraft = (labels: LabelId[] = []): NoteDraft => ({ title: '', description: '', archive: false, image: '', reminder: null, checklist: [], labels });

export const sameLabel = (a: LabelId, b: LabelId) => String(a) === String(b);
