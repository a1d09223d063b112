import { z } from 'zod';
import { emptyAsNull } from '../demo.inputs';

/** Shapes of the scrumboard (demo-apps.md §3 Scrumboard). Inputs strip unknown fields (never stored); wrong types and missing fields are refused. */
/** The field refusals of the scrumboard's inputs (translated by the server catalogs, server/i18n/server-messages.ts). */
export const scrumboardFieldMessages = {
  tooLong: 'This value is too long',
  empty: 'Min character length is 1',
  invalidDate: 'Please enter a valid date',
} as const;

const { tooLong, empty } = scrumboardFieldMessages;
const id = z.string().trim().min(1, empty).max(64, tooLong);
const title = z.string().trim().min(1, empty).max(200, tooLong);
const text = (max: number) => z.string().trim().max(max, tooLong);
const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: scrumboardFieldMessages.invalidDate });

export const attachmentSchema = z.object({
  id,
  name: text(255),
  src: text(2048).optional(),
  url: text(2048).optional(),
  time: text(60),
  type: z.enum(['image', 'link']),
});
export const checkItemSchema = z.object({ id, name: text(500), checked: z.boolean() });
export const checklistSchema = z.object({ id, name: text(200), checkItems: z.array(checkItemSchema).max(200) });
export const activitySchema = z.object({
  id,
  type: z.enum(['comment', 'attachment']),
  idMember: id,
  message: text(5000),
  time: text(60),
});

const cardFields = {
  name: title,
  description: text(20_000),
  idAttachmentCover: text(64),
  idMembers: z.array(id).max(100),
  idLabels: z.array(id).max(100),
  attachments: z.array(attachmentSchema).max(100),
  subscribed: z.boolean(),
  checklists: z.array(checklistSchema).max(50),
  activities: z.array(activitySchema).max(500),
  due: emptyAsNull(dateOrDateTime),
};
export const cardSchema = z.object({ id, ...cardFields });
export type Card = z.infer<typeof cardSchema>;

/** A new card: the name is required, everything else defaults (an id is generated when none is sent). */
export const newCardSchema = z.object({
  id: id.optional(),
  name: cardFields.name,
  description: cardFields.description.default(''),
  idAttachmentCover: cardFields.idAttachmentCover.default(''),
  idMembers: cardFields.idMembers.default([]),
  idLabels: cardFields.idLabels.default([]),
  attachments: cardFields.attachments.default([]),
  subscribed: cardFields.subscribed.default(false),
  checklists: cardFields.checklists.default([]),
  activities: cardFields.activities.default([]),
  due: cardFields.due.optional().transform((value) => value ?? null),
});

export const listSchema = z.object({ id, name: title, idCards: z.array(id).max(1000) });
export type BoardList = z.infer<typeof listSchema>;
export const memberSchema = z.object({ id, name: text(200), avatar: text(2048) });
export const labelSchema = z.object({ id, name: text(100), class: text(200) });
export const settingsSchema = z.object({ color: text(40), subscribed: z.boolean(), cardCoverImages: z.boolean() });
export type BoardSettings = z.infer<typeof settingsSchema>;

export const boardSchema = z.object({
  id,
  name: title,
  uri: text(200),
  settings: settingsSchema,
  lists: z.array(listSchema).max(200),
  cards: z.array(cardSchema).max(2000),
  members: z.array(memberSchema).max(200),
  labels: z.array(labelSchema).max(100),
});
export type Board = z.infer<typeof boardSchema>;

export const boardSummary = z.object({ id: z.string(), name: z.string(), uri: z.string() });
export type BoardSummary = z.infer<typeof boardSummary>;

/** POST /board/new: every field optional; the server fills in the rest. */
export const newBoardInput = z.object({
  board: z.object({
    id: id.optional(),
    name: title.default('Untitled Board'),
    uri: text(200).optional(),
    settings: settingsSchema.default({ color: '', subscribed: true, cardCoverImages: true }),
    lists: z.array(listSchema).max(200).default([]),
    cards: z.array(cardSchema).max(2000).default([]),
    members: z.array(memberSchema).max(200).default([]),
    labels: z.array(labelSchema).max(100).default([]),
  }),
});
export type NewBoardInput = z.infer<typeof newBoardInput>['board'];

const boardId = id;
export const boardIdInput = z.object({ boardId });
export const renameBoardInput = z.object({ boardId, boardTitle: title });
export const updateSettingsInput = z.object({ boardId, settings: settingsSchema });
export const newCardInput = z.object({ boardId, listId: id, data: newCardSchema });
export type NewCardInput = z.infer<typeof newCardInput>;
export const newListInput = z.object({
  boardId,
  data: z.object({ id: id.optional(), name: title, idCards: z.array(id).max(0, 'A new list starts empty').default([]) }),
});
export type NewListInput = z.infer<typeof newListInput>;
export const renameListInput = z.object({ boardId, listId: id, listTitle: title });
export const removeListInput = z.object({ boardId, listId: id });
export const updateCardInput = z.object({ boardId, card: cardSchema });
export const removeCardInput = z.object({ boardId, cardId: id });
export const orderInput = z.object({ boardId, lists: z.array(listSchema).max(200) });
