import { t } from '@lingui/core/macro';
/** The parts of an OpenAPI 3.1 document the reference page reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface MediaContent {
  schema?: JsonSchema;
}

export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaContent> };
  responses: Record<string, { description: string; content?: Record<string, MediaContent> }>;
  'x-cuepoint-scope'?: string;
  'x-trpc-procedure'?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: Operation;
}

/** Operations grouped by their first tag, in the document's tag order. */
export function groupByTag(document: OpenApiDocument): Array<{ tag: string; operations: OperationEntry[] }> {
  const groups = new Map<string, OperationEntry[]>();
  for (const tag of document.tags ?? []) groups.set(tag.name, []);
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, operation });
    }
  }
  return [...groups.entries()].filter(([, operations]) => operations.length).map(([tag, operations]) => ({ tag, operations }));
}

export function matchesFilter(entry: OperationEntry, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return [entry.method, entry.path, entry.operation.summary, entry.operation['x-trpc-procedure'], entry.operation['x-cuepoint-scope']]
    .filter(Boolean)
    .some((text) => text!.toLowerCase().includes(needle));
}

/** A one-line type: `string`, `array of object`, `"a" | "b"`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return t`any`;
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeLabel).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') {
    const items = typeLabel(schema.items);
    return t`array of ${items}`;
  }
  if (!type && schema.properties) return 'object';
  return type ?? t`any`;
}

/** Limits worth showing next to a field. */
export function constraintsOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    const least = schema.minLength ?? 0;
    const most = schema.maxLength ?? '∞';
    notes.push(t`length ${least}–${most}`);
  }
  if (schema.minimum !== undefined || schema.maximum !== undefined) {
    const least = schema.minimum ?? '−∞';
    const most = schema.maximum ?? '∞';
    notes.push(t`${least} to ${most}`);
  }
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    const least = schema.minItems ?? 0;
    const most = schema.maxItems ?? '∞';
    notes.push(t`${least}–${most} items`);
  }
  if (schema.format) notes.push(schema.format);
  if (schema.pattern) {
    const pattern = schema.pattern;
    notes.push(t`matches ${pattern}`);
  }
  if (schema.default !== undefined) {
    const value = JSON.stringify(schema.default);
    notes.push(t`default ${value}`);
  }
  return notes;
}
