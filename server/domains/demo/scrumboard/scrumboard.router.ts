import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import {
  boardIdInput,
  boardSchema,
  boardSummary,
  cardSchema,
  listSchema,
  newBoardInput,
  newCardInput,
  newListInput,
  orderInput,
  removeCardInput,
  removeListInput,
  renameBoardInput,
  renameListInput,
  settingsSchema,
  updateCardInput,
  updateSettingsInput,
} from './scrumboard.schemas';
import * as scrumboard from './scrumboard.service';

export const scrumboardRouter = router({
  boards: demoProcedure.output(z.array(boardSummary)).query(({ ctx }) => scrumboard.listBoards(ctx.services.db)),
  board: demoProcedure
    .input(boardIdInput)
    .output(boardSchema)
    .query(({ ctx, input }) => scrumboard.getBoard(ctx.services.db, input.boardId)),
  newBoard: demoProcedure.meta({ errors: ['NOT_FOUND', 'CONFLICT'] })
    .input(newBoardInput)
    .output(boardSummary)
    .mutation(({ ctx, input }) => scrumboard.newBoard(ctx.services.db, input.board)),
  renameBoard: demoProcedure
    .input(renameBoardInput)
    .output(z.string())
    .mutation(({ ctx, input }) => scrumboard.renameBoard(ctx.services.db, input.boardId, input.boardTitle)),
  updateSettings: demoProcedure
    .input(updateSettingsInput)
    .output(settingsSchema)
    .mutation(({ ctx, input }) => scrumboard.updateSettings(ctx.services.db, input.boardId, input.settings)),
  deleteBoard: demoProcedure
    .input(boardIdInput)
    .output(z.literal(true))
    .mutation(({ ctx, input }) => scrumboard.deleteBoard(ctx.services.db, input.boardId)),
  newCard: demoProcedure.meta({ errors: ['CONFLICT'] })
    .input(newCardInput)
    .output(boardSchema)
    .mutation(({ ctx, input }) => scrumboard.newCard(ctx.services.db, input)),
  newList: demoProcedure.meta({ errors: ['CONFLICT'] })
    .input(newListInput)
    .output(z.array(listSchema))
    .mutation(({ ctx, input }) => scrumboard.newList(ctx.services.db, input)),
  renameList: demoProcedure
    .input(renameListInput)
    .output(z.string())
    .mutation(({ ctx, input }) => scrumboard.renameList(ctx.services.db, input.boardId, input.listId, input.listTitle)),
  removeList: demoProcedure
    .input(removeListInput)
    .output(z.literal(true))
    .mutation(({ ctx, input }) => scrumboard.removeList(ctx.services.db, input.boardId, input.listId)),
  updateCard: demoProcedure
    .input(updateCardInput)
    .output(cardSchema)
    .mutation(({ ctx, input }) => scrumboard.updateCard(ctx.services.db, input.boardId, input.card)),
  removeCard: demoProcedure
    .input(removeCardInput)
    .output(z.string())
    .mutation(({ ctx, input }) => scrumboard.removeCard(ctx.services.db, input.boardId, input.cardId)),
  cardOrder: demoProcedure
    .input(orderInput)
    .output(z.array(listSchema))
    .mutation(({ ctx, input }) => scrumboard.reorder(ctx.services.db, input.boardId, input.lists)),
  listOrder: demoProcedure
    .input(orderInput)
    .output(z.array(listSchema))
    .mutation(({ ctx, input }) => scrumboard.reorder(ctx.services.db, input.boardId, input.lists)),
});
