import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';

const openDelayMs = 150;
/** Between the trigger and the bubble, and the least room kept to the window's edges (px). */
const gap = 6;
const edge = 8;

interface TriggerProps {
  'aria-describedby'?: string;
  onPointerEnter?(event: PointerEvent<HTMLElement>): void;
  onPointerLeave?(event: PointerEvent<HTMLElement>): void;
  onPointerDown?(event: PointerEvent<HTMLElement>): void;
  onFocus?(event: FocusEvent<HTMLElement>): void;
  onBlur?(event: FocusEvent<HTMLElement>): void;
}

/**
 * A hover/focus tooltip (no positioning library: it sits on the first screens, e.g. /login). Opens after 150 ms of
 * hovering or at once on keyboard focus, closes on leave, blur, press, Escape and scroll; the trigger is described by
 * it while open. `children` is one element that takes pointer and focus handlers: wrap a disabled button in a
 * focusable span so the tooltip still opens.
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const openTimer = useRef<number | undefined>(undefined);

  const cancelOpening = () => window.clearTimeout(openTimer.current);
  const close = () => {
    cancelOpening();
    setAnchor(null);
  };
  useEffect(() => () => window.clearTimeout(openTimer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setAnchor(null);
    };
    const closeNow = () => setAnchor(null);
    window.addEventListener('keydown', closeOnEscape);
    window.addEventListener('scroll', closeNow, true);
    window.addEventListener('resize', closeNow);
    return () => {
      window.removeEventListener('keydown', closeOnEscape);
      window.removeEventListener('scroll', closeNow, true);
      window.removeEventListener('resize', closeNow);
    };
  }, [anchor]);

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': anchor ? cx(own['aria-describedby'], id) : own['aria-describedby'],
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      const element = event.currentTarget;
      cancelOpening();
      openTimer.current = window.setTimeout(() => setAnchor(element), openDelayMs);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      close();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      close();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      cancelOpening();
      setAnchor(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      close();
    },
  });

  return (
    <>
      {trigger}
      {anchor && createPortal(<TooltipBubble id={id} anchor={anchor} content={content} />, document.body)}
    </>
  );
}

interface Placement {
  left: number;
  top: number;
  arrowLeft: number;
  below: boolean;
}

/** Centred above the trigger (below when there is no room above), kept inside the window. */
function TooltipBubble({ id, anchor, content }: { id: string; anchor: HTMLElement; content: string }) {
  const bubble = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  useLayoutEffect(() => {
    const target = anchor.getBoundingClientRect();
    const size = bubble.current!.getBoundingClientRect();
    const centre = target.left + target.width / 2;
    const left = Math.max(edge, Math.min(centre - size.width / 2, window.innerWidth - edge - size.width));
    const below = target.top - gap - size.height < edge;
    setPlacement({ left, top: below ? target.bottom + gap : target.top - gap - size.height, arrowLeft: centre - left, below });
  }, [anchor, content]);

  return (
    <div
      ref={bubble}
      id={id}
      role="tooltip"
      className="pointer-events-none fixed z-50 max-w-xs rounded bg-slate-900 px-2 py-1 text-xs text-white shadow"
      style={placement ? { left: placement.left, top: placement.top } : { left: 0, top: 0, visibility: 'hidden' }}
    >
      {content}
      {placement && (
        <span aria-hidden className={cx('absolute size-2 -translate-x-1/2 rotate-45 bg-slate-900', placement.below ? '-top-1' : '-bottom-1')} style={{ left: placement.arrowLeft }} />
      )}
    </div>
  );
}
