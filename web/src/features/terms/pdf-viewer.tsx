import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';

type LoadState = { status: 'loading' } | { status: 'ready'; document: PDFDocumentProxy } | { status: 'error' };

/** The page's own body text is drawn at least this large (CSS px), like the app's 12 px body text. */
export const minimumTextPx = 12;

/**
 * pdf.js (and, through getDocument, its worker) is large; both load the first time a PDF is shown, as their own
 * files (pre-compressed by the build).
 */
async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}

export interface PdfViewerProps {
  url: string;
  /** What the document is, e.g. "Terms and Conditions": its page area is announced as "{label} document". */
  label: string;
  /** Extra controls shown next to the page navigation (e.g. a Download link). */
  actions?: React.ReactNode;
  /** Largest height of the page area in px; a taller page scrolls inside it (the dialog keeps its buttons visible). */
  maxPageHeight?: number;
}

/** The size (PDF points) most of the page's text is set in, by characters; null for a page without text. */
async function bodyTextSize(page: PDFPageProxy): Promise<number | null> {
  const content = await page.getTextContent();
  const charactersBySize = new Map<number, number>();
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const size = Math.round(Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0) * 10) / 10;
    if (size > 0) charactersBySize.set(size, (charactersBySize.get(size) ?? 0) + item.str.length);
  }
  let body: number | null = null;
  for (const [size, characters] of charactersBySize) if (body === null || characters > charactersBySize.get(body)!) body = size;
  return body;
}

/**
 * Fit to the frame's width, but never so small that body text falls under minimumTextPx (on a phone the page is
 * then wider than the frame and scrolls sideways). The canvas is drawn at devicePixelRatio for sharp text.
 */
export function pageScale(pageWidth: number, frameWidth: number, bodyTextPoints: number | null): number {
  const fitWidth = frameWidth / pageWidth;
  return bodyTextPoints ? Math.max(fitWidth, minimumTextPx / bodyTextPoints) : fitWidth;
}

/** Shows a PDF one page at a time on a canvas, with "Page n of m" and Previous/Next. */
export function PdfViewer({ url, label, actions, maxPageHeight }: PdfViewerProps) {
  const { t } = useLingui();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const [rendering, setRendering] = useState(false);
  /** The page and width last drawn completely: the canvas reports "rendering" until the current ones are. */
  const [drawn, setDrawn] = useState<string | null>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    // Re-render when the frame's width changes (window resize, phone rotation); padding excluded.
    const measure = () => setFrameWidth(Math.floor(frame.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | undefined;
    setState({ status: 'loading' });
    setPageNumber(1);
    loadPdfJs()
      // No compiled PDF functions: the page's Content-Security-Policy has no 'unsafe-eval' (the worker would probe for it).
      .then((pdfjs) => pdfjs.getDocument({ url, isEvalSupported: false }).promise)
      .then((document) => {
        loaded = document;
        if (cancelled) void document.destroy();
        else setState({ status: 'ready', document });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  const document = state.status === 'ready' ? state.document : null;

  useEffect(() => {
    if (!document || !canvasRef.current || frameWidth <= 0) return;
    let cancelled = false;
    let task: ReturnType<PDFPageProxy['render']> | undefined;
    const canvas = canvasRef.current;
    setRendering(true);
    document
      .getPage(pageNumber)
      .then(async (page) => {
        const bodyPoints = await bodyTextSize(page);
        if (cancelled) return;
        const scale = pageScale(page.getViewport({ scale: 1 }).width, frameWidth, bodyPoints);
        const pixelRatio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * pixelRatio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / pixelRatio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / pixelRatio)}px`;
        canvas.dataset.bodyTextPx = bodyPoints ? (bodyPoints * scale).toFixed(1) : '';
        task = page.render({ canvas, viewport });
        await task.promise;
        if (!cancelled) setDrawn(`${pageNumber}@${frameWidth}`);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setRendering(false);
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, pageNumber, frameWidth]);

  const total = document?.numPages ?? 0;

  return (
    <div className="flex flex-col gap-3">
      {/* Focusable, so a page taller or wider than the frame scrolls with the arrow and page keys too. */}
      <div
        ref={frameRef}
        role="region"
        aria-label={t`${label} document`}
        tabIndex={0}
        className="min-h-40 overflow-auto rounded border border-slate-200 bg-slate-100"
        style={maxPageHeight ? { maxHeight: maxPageHeight } : undefined}
        data-testid="pdf-frame"
      >
        {state.status === 'loading' && (
          <p className="p-6 text-center text-sm text-slate-500">
            <Trans>Loading document…</Trans>
          </p>
        )}
        {state.status === 'error' && (
          <p role="alert" className="p-6 text-center text-sm text-red-600">
            <Trans>The document could not be loaded.</Trans>
          </p>
        )}
        <canvas
          ref={canvasRef}
          aria-label={document ? t`Page ${pageNumber} of ${total}` : undefined}
          className={document ? 'mx-auto block bg-white shadow' : 'hidden'}
          data-rendering={rendering || drawn !== `${pageNumber}@${frameWidth}` ? 'true' : 'false'}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setPageNumber((page) => Math.max(1, page - 1))} disabled={!document || pageNumber <= 1}>
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
            <Trans>Previous</Trans>
          </Button>
          <span className="min-w-24 text-center text-sm text-slate-700" aria-live="polite">
            {document ? t`Page ${pageNumber} of ${total}` : ''}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setPageNumber((page) => Math.min(total, page + 1))} disabled={!document || pageNumber >= total}>
            <Trans>Next</Trans>
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </Button>
        </div>
        {actions}
      </div>
    </div>
  );
}
