import type { CalendarOptions } from '@fullcalendar/core';

/** Hides FullCalendar's icon-font glyphs (prev/next chevrons, `role="img"` without a name); their buttons keep a title. */
function hideIconGlyphs(root: ParentNode | null) {
  root?.querySelectorAll('.fc-icon[role="img"]').forEach((icon) => {
    icon.removeAttribute('role');
    icon.setAttribute('aria-hidden', 'true');
  });
}

/**
 * FullCalendar options that mend its markup for screen readers (WCAG 2.2 AA, checked by axe):
 * - a month cell is a gridcell named by its day number only, while it also shows its events: the name no longer
 *   contains what it shows, so the cell is named by its content (the day number link still reads the full date);
 * - the prev/next glyphs are images without a name: hidden, the button is named by its title ("Previous month").
 * Both are set once on the element FullCalendar keeps; its re-renders leave attributes it does not manage alone.
 */
export const accessibleCalendarOptions: Pick<CalendarOptions, 'dayCellDidMount' | 'viewDidMount' | 'datesSet'> = {
  dayCellDidMount: ({ el }) => el.removeAttribute('aria-labelledby'),
  viewDidMount: ({ el }) => hideIconGlyphs(el.closest('.fc')),
  // The toolbar may be drawn anew (another layout on a narrow screen) without a new view.
  datesSet: () => hideIconGlyphs(document),
};
