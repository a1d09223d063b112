import { Trans, useLingui } from '@lingui/react/macro';
import { constraintsOf, typeLabel, type JsonSchema } from './openapi-types';

/** The object a schema describes, if any (directly, or the items of an array, or the object member of a union). */
function objectOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  if (schema.items) return objectOf(schema.items);
  for (const member of schema.anyOf ?? schema.oneOf ?? []) {
    const found = objectOf(member);
    if (found) return found;
  }
  return undefined;
}

/** A JSON Schema as a nested list of fields: name, type, required, limits, description. */
export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema | undefined; depth?: number }) {
  const { t } = useLingui();
  if (!schema)
    return (
      <p className="text-xs text-slate-500">
        <Trans>Any JSON.</Trans>
      </p>
    );
  const object = objectOf(schema);
  if (!object?.properties) {
    return (
      <p className="font-mono text-xs text-slate-700">
        {typeLabel(schema)}
        {constraintsOf(schema).length > 0 && <span className="text-slate-500"> ({constraintsOf(schema).join(', ')})</span>}
      </p>
    );
  }
  const required = new Set(object.required ?? []);
  return (
    <div className="space-y-1">
      {depth === 0 && schema !== object && <p className="font-mono text-xs text-slate-500">{typeLabel(schema)}</p>}
      <ul className={depth ? 'ms-3 border-s border-slate-200 ps-3' : ''}>
        {Object.entries(object.properties).map(([name, property]) => {
          const nested = objectOf(property);
          const notes = constraintsOf(property);
          return (
            <li key={name} className="py-0.5 text-xs">
              <code className="font-mono font-semibold text-slate-900">{name}</code>
              {required.has(name) ? (
                <span className="ms-1 text-red-600" title={t`required`}>
                  *
                </span>
              ) : (
                <span className="ms-1 text-slate-500">
                  <Trans>optional</Trans>
                </span>
              )}
              <span className="ms-2 font-mono text-brand-700">{typeLabel(property)}</span>
              {notes.length > 0 && <span className="ms-2 text-slate-500">{notes.join(', ')}</span>}
              {property.description && <span className="ms-2 text-slate-600">— {property.description}</span>}
              {nested && depth < 4 && <SchemaView schema={nested} depth={depth + 1} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
