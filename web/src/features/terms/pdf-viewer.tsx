import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@web/components/button';

type LoadState = { status: 'loading' } | { status: 'ready'; document: PDFDocumentProxy } | { status: 'error'; message: string };

/** pdf.js is large; it is loaded the first time a PDF is shown. */
async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}

export interface PdfViewerProps {
  url: string;
  /** Extra controls shown next to the page navigation (e.g. a Download link). */
  actions?: React.ReactNode;
  /** Largest height of the rendered page area, in px (the dialog keeps its buttons visible). */
  maxPageHeight?: number;
}

/** Shows a PDF one page at a time on a canvas, with "Page n of m" and Previous/Next. */
export function PdfViewer({ url, actions, maxPageHeight }: PdfViewerProps) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const [rendering, setRendering] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | undefined;
    setState({ status: 'loading' });
    setPageNumber(1);
    loadPdfJs()
      .then((pdfjs) => pdfjs.getDocument({ url }).promise)
      .then((document) => {
        loaded = document;
        if (cancelled) void document.destroy();
        else setState({ status: 'ready', document });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'error', message: 'The document could not be loaded.' });
      });
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  const document = state.status === 'ready' ? state.document : null;

  useEffect(() => {
    if (!document || !canvasRef.current || !frameRef.current) return;
    let cancelled = false;
    let task: ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']> | undefined;
    const canvas = canvasRef.current;
    const frameWidth = frameRef.current.clientWidth || 800;
    setRendering(true);
    document
      .getPage(pageNumber)
      .then((page) => {
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        let scale = frameWidth / base.width;
        if (maxPageHeight && base.height * scale > maxPageHeight) scale = maxPageHeight / base.height;
        const pixelRatio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * pixelRatio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / pixelRatio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / pixelRatio)}px`;
        task = page.render({ canvas, viewport });
        return task.promise;
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setRendering(false);
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, pageNumber, maxPageHeight]);

  const total = document?.numPages ?? 0;

  return (
    <div className="flex flex-col gap-3">
      <div ref={frameRef} className="flex min-h-40 justify-center overflow-auto rounded border border-slate-200 bg-slate-100">
        {state.status === 'loading' && <p className="self-center p-6 text-sm text-slate-500">Loading document…</p>}
        {state.status === 'error' && (
          <p role="alert" className="self-center p-6 text-sm text-red-600">
            {state.message}
          </p>
        )}
        <canvas
          ref={canvasRef}
          aria-label={document ? `Page ${pageNumber} of ${total}` : undefined}
          className={document ? 'bg-white shadow' : 'hidden'}
          data-rendering={rendering ? 'true' : 'false'}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setPageNumber((page) => Math.max(1, page - 1))} disabled={!document || pageNumber <= 1}>
            <ChevronLeft className="size-4" aria-hidden />
            Previous
          </Button>
          <span className="min-w-24 text-center text-sm text-slate-700" aria-live="polite">
            {document ? `Page ${pageNumber} of ${total}` : ''}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setPageNumber((page) => Math.min(total, page + 1))} disabled={!document || pageNumber >= total}>
            Next
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
        {actions}
      </div>
    </div>
  );
}
