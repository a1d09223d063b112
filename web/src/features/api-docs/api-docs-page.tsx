import { useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Logo } from '@web/components/logo';
import { ErrorState } from '@web/components/error-state';
import { Spinner } from '@web/components/spinner';
import { readJson } from '@web/lib/download';
import { groupByTag, matchesFilter, type OpenApiDocument, type OperationEntry } from './openapi-types';
import { SchemaView } from './schema-view';

const methodClasses: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800',
  post: 'bg-green-100 text-green-800',
  put: 'bg-amber-100 text-amber-800',
  delete: 'bg-red-100 text-red-800',
};

const anchorOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Markdown-light: paragraphs, `- ` list lines and `code`. */
function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((block, index) => (
        <p key={index} className="whitespace-pre-line text-sm text-slate-700">
          {block.split(/(`[^`]+`)/).map((part, partIndex) =>
            part.startsWith('`') && part.endsWith('`') ? (
              <code key={partIndex} className="rounded bg-slate-100 px-1 font-mono text-xs">
                {part.slice(1, -1)}
              </code>
            ) : (
              part
            ),
          )}
        </p>
      ))}
    </>
  );
}

function OperationCard({ entry }: { entry: OperationEntry }) {
  const { method, path, operation } = entry;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody ? Object.entries(operation.requestBody.content) : [];
  const scope = operation['x-cuepoint-scope'];
  return (
    <article id={operation.operationId} className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={`${method.toUpperCase()} ${path}`}>
      <header className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${methodClasses[method] ?? 'bg-slate-100'}`}>{method}</span>
        <code className="break-all font-mono text-sm font-semibold text-slate-900">{path}</code>
        {scope && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-mono text-xs text-brand-700">
            <Trans>scope: {scope}</Trans>
          </span>
        )}
      </header>
      {operation.summary && <p className="font-medium text-slate-900">{operation.summary}</p>}
      {operation.description && <RichText text={operation.description} />}
      {parameters.length > 0 && (
        <section>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            <Trans>Parameters</Trans>
          </h4>
          <ul className="mt-1 space-y-0.5">
            {parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`} className="text-xs">
                <code className="font-mono font-semibold">{parameter.name}</code>
                <span className="ms-1 text-slate-500">
                  {parameter.required ? <Trans>({parameter.in}, required)</Trans> : `(${parameter.in})`}
                </span>
                <span className="ms-2">
                  <SchemaView schema={parameter.schema} depth={1} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {body.map(([type, content]) => (
        <section key={type}>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            <Trans>Body ({type})</Trans>
          </h4>
          <SchemaView schema={content.schema} />
        </section>
      ))}
      <section>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          <Trans>Responses</Trans>
        </h4>
        <ul className="mt-1">
          {Object.entries(operation.responses).map(([status, answer]) => {
            const schema = answer.content?.['application/json']?.schema;
            const isError = schema?.$ref === '#/components/schemas/Error';
            return (
              <li key={status} className="text-xs">
                <details open={status.startsWith('2') && !!schema && !isError}>
                  {/* 24 px tall: a target WCAG 2.2 (2.5.8) finds big enough. */}
                  <summary className="cursor-pointer py-1">
                    <span className="font-mono font-semibold">{status}</span> <span className="text-slate-600">{answer.description}</span>
                    {isError && <span className="ms-1 font-mono text-slate-500">{'{ message, errors? }'}</span>}
                  </summary>
                  {schema && !isError && (
                    <div className="mt-1">
                      <SchemaView schema={schema} />
                    </div>
                  )}
                </details>
              </li>
            );
          })}
        </ul>
      </section>
    </article>
  );
}

/** /docs/api: the REST reference, rendered from GET /api/openapi.json by a small built-in viewer. */
export default function ApiDocsPage() {
  const { t } = useLingui();
  const [document, setDocument] = useState<OpenApiDocument | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [filter, setFilter] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setFailed(null);
    readJson<OpenApiDocument>('/api/openapi.json')
      .then((loaded) => !cancelled && setDocument(loaded))
      .catch((error: unknown) => !cancelled && setFailed(error));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const groups = useMemo(() => (document ? groupByTag(document) : []), [document]);
  const visible = groups.map((group) => ({ ...group, operations: group.operations.filter((entry) => matchesFilter(entry, filter)) })).filter((group) => group.operations.length);

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <a href="/" aria-label={t`Cuepoint home`}>
          <Logo />
        </a>
        <h1 className="text-lg font-bold text-slate-900">
          <Trans>API reference</Trans>
        </h1>
        <a href="/api/openapi.json" className="text-sm font-medium text-brand-700 hover:underline">
          openapi.json
        </a>
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={t`Filter by path, procedure or scope`}
          aria-label={t`Filter operations`}
          className="h-9 w-full rounded-md border border-slate-300 px-3 text-sm sm:ms-auto sm:w-72"
        />
      </header>
      {!document && !failed && <Spinner label={t`Loading the API reference`} className="py-24" />}
      {failed !== null && <ErrorState title={t`The API reference could not be loaded`} error={failed} onRetry={() => setAttempt((value) => value + 1)} />}
      {document && (
        <div className="mx-auto flex max-w-6xl gap-6 p-4">
          <nav aria-label={t`Sections`} className="sticky top-20 hidden max-h-[calc(100vh-6rem)] w-56 shrink-0 overflow-y-auto md:block">
            <ul className="space-y-1 text-sm">
              {visible.map((group) => (
                <li key={group.tag}>
                  <a href={`#${anchorOf(group.tag)}`} className="block rounded px-2 py-1 text-slate-700 hover:bg-brand-50 hover:text-brand-700">
                    {group.tag} <span className="text-xs text-slate-500">{group.operations.length}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <main className="min-w-0 flex-1 space-y-6">
            <section className="space-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h2 className="text-xl font-bold text-slate-900">
                {document.info.title} <span className="text-sm font-normal text-slate-500">v{document.info.version} · OpenAPI {document.openapi}</span>
              </h2>
              {document.info.description && <RichText text={document.info.description} />}
            </section>
            {visible.length === 0 && (
              <p className="text-sm text-slate-600">
                <Trans>No operation matches “{filter}”.</Trans>
              </p>
            )}
            {visible.map((group) => (
              <section key={group.tag} id={anchorOf(group.tag)} aria-labelledby={`${anchorOf(group.tag)}-heading`} className="space-y-3">
                <h3 id={`${anchorOf(group.tag)}-heading`} className="text-lg font-semibold text-slate-900">
                  {group.tag}
                </h3>
                {group.operations.map((entry) => (
                  <OperationCard key={`${entry.method} ${entry.path}`} entry={entry} />
                ))}
              </section>
            ))}
          </main>
        </div>
      )}
    </div>
  );
}
