import { describe, expect, it } from 'vitest';
import { navigationItems } from '@common/navigation';
import { canUseSampleApps, canUseShellTools, sampleAppItems, sampleAppsStartCollapsed, visibleNavigation, visibleSampleApps } from '@web/features/shell/navigation';
import { moveHighlight } from '@web/features/shell/global-search';
import { applyOrder, moveInOrder } from '@web/features/demo/todo/todo-order';
import { moveCardAcross, moveCardWithin, moveList, listKey } from '@web/features/demo/scrumboard/board-types';
import { courseProgress } from '@web/features/demo/academy/course-progress';
import { mailListInput, mailtoLink } from '@web/features/demo/mail/mail-types';
import { invalidRecipients } from '@web/features/demo/mail/compose-dialog';
import { labelProblems, labelHandle } from '@web/features/demo/notes/label-editor';

describe('Sample apps menu group', () => {
  it('lists every sample app of the shared navigation, apart from the platform menu', () => {
    const platform = new Set(visibleNavigation(['admin']).map((item) => item.id));
    expect(sampleAppItems.map((item) => item.id)).toEqual(navigationItems.filter((item) => !platform.has(item.id)).map((item) => item.id));
    expect(sampleAppItems.map((item) => item.title)).toContain('Scrumboard');
  });

  it('is shown to admins and staff, never to creators or viewers; the toolbar search stays for creators', () => {
    for (const role of ['admin', 'staff', 'user']) {
      expect(visibleSampleApps([role]).length, role).toBe(sampleAppItems.length);
      expect(canUseSampleApps([role]), role).toBe(true);
      expect(canUseShellTools([role]), role).toBe(true);
    }
    for (const role of ['dj', 'viewer']) {
      expect(visibleSampleApps([role]), role).toEqual([]);
      expect(canUseSampleApps([role]), role).toBe(false);
    }
    expect(canUseShellTools(['dj'])).toBe(true);
    expect(canUseShellTools(['viewer'])).toBe(false);
    expect(canUseSampleApps([])).toBe(false);
  });

  it('starts collapsed for creators only', () => {
    expect(sampleAppsStartCollapsed(['admin'])).toBe(true);
    expect(sampleAppsStartCollapsed(['dj'])).toBe(true);
    expect(sampleAppsStartCollapsed(['staff'])).toBe(false);
    expect(sampleAppsStartCollapsed(['user'])).toBe(false);
  });
});

describe('global search keyboard navigation', () => {
  it('moves down and up through the suggestions, wrapping at both ends', () => {
    expect(moveHighlight(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(0, 3, 'ArrowUp')).toBe(2);
    expect(moveHighlight(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveHighlight(1, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('to-do drag order', () => {
  const todos = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
  it('keeps saved places and puts unknown (new) todos first', () => {
    expect(applyOrder(todos, ['c', 'a', 'd', 'b']).map((todo) => todo.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(applyOrder([{ id: 'new' }, ...todos], ['c', 'a', 'd', 'b']).map((todo) => todo.id)).toEqual(['new', 'c', 'a', 'd', 'b']);
  });
  it('moves a todo within the visible list and keeps the others', () => {
    expect(moveInOrder(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'], 'd', 'a')).toEqual(['d', 'a', 'b', 'c']);
    expect(moveInOrder(['x', 'a', 'b', 'y'], ['a', 'b'], 'b', 'a')).toEqual(['x', 'b', 'a', 'y']);
    expect(moveInOrder([], ['a', 'b'], 'a', 'b')).toEqual(['b', 'a']);
  });
});

describe('scrumboard moves', () => {
  const lists = [
    { id: 'l1', name: 'One', idCards: ['c1', 'c2'] },
    { id: 'l2', name: 'Two', idCards: ['c3'] },
    { id: 'l3', name: 'Three', idCards: [] },
  ];
  it('moves a card before another list’s card, or to the end of an empty list', () => {
    expect(moveCardAcross(lists, 'c1', 'c3').map((list) => list.idCards)).toEqual([['c2'], ['c1', 'c3'], []]);
    expect(moveCardAcross(lists, 'c1', listKey('l3')).map((list) => list.idCards)).toEqual([['c2'], ['c3'], ['c1']]);
    expect(moveCardAcross(lists, 'c1', 'c2')).toBe(lists);
  });
  it('reorders cards within a list and reorders lists', () => {
    expect(moveCardWithin(lists, 'c2', 'c1')[0]!.idCards).toEqual(['c2', 'c1']);
    expect(moveList(lists, 'l3', 'l1').map((list) => list.id)).toEqual(['l3', 'l1', 'l2']);
  });
});

describe('small view rules', () => {
  it('course progress follows the active step', () => {
    expect(courseProgress({ activeStep: 0, totalSteps: 11 })).toMatchObject({ percent: 0, action: 'Start' });
    expect(courseProgress({ activeStep: 4, totalSteps: 11 })).toMatchObject({ label: 'Step 4 of 11', action: 'Continue' });
    expect(courseProgress({ activeStep: 11, totalSteps: 11 })).toMatchObject({ percent: 100, label: 'Completed' });
  });

  it('mail views: label before filter before folder, inbox by default', () => {
    expect(mailListInput(new URLSearchParams('label=paypal&filter=starred&folder=sent'))).toEqual({ labelHandle: 'paypal' });
    expect(mailListInput(new URLSearchParams('filter=starred&folder=sent'))).toEqual({ filterHandle: 'starred' });
    expect(mailListInput(new URLSearchParams(''))).toEqual({ folderHandle: 'inbox' });
  });

  it('the composer checks recipients and builds a mailto link', () => {
    expect(invalidRecipients('a@example.com, nope; b@example.org')).toEqual(['nope']);
    expect(mailtoLink({ to: 'a@example.com, b@example.org', cc: '', subject: 'Hi there', message: 'Line' })).toBe('mailto:a%40example.com,b%40example.org?subject=Hi%20there&body=Line');
  });

  it('note labels need distinct names', () => {
    expect(labelProblems([{ name: 'Work' }, { name: ' work ' }])).toBe('Two labels have the same name.');
    expect(labelProblems([{ name: '' }])).toBe('Every label needs a name.');
    expect(labelProblems([{ name: 'Work' }, { name: 'Home' }])).toBeNull();
    expect(labelHandle('Très Urgent!')).toBe('tres-urgent');
  });
});
