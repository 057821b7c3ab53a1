// The wire shape of a field type's own keys in the form document, as plain data: each record's `wire` facet says
// what its `form` facet writes, and src/api/form-field.ts turns it into the OpenAPI schema. Data rather than zod
// schemas so that the language imports no schema library (and the records stay platform-free).

export type Wire =
  | { readonly kind: 'string'; readonly format?: 'date' }
  | { readonly kind: 'number' }
  | { readonly kind: 'integer' }
  | { readonly kind: 'boolean' }
  /** The field's options (the form's `Option` schema: id, label, attributes, available_when). */
  | { readonly kind: 'options' }
  /** A condition or computed value as the form shows it: its source and its JSON Logic. */
  | { readonly kind: 'condition' }
  | { readonly kind: 'list'; readonly of: Wire }
  | { readonly kind: 'object'; readonly keys: WireKeys }
  | { readonly kind: 'optional'; readonly of: Wire; readonly description?: string };

export type WireKeys = { readonly [key: string]: Wire };

export const wire = {
  string: (): { kind: 'string' } => ({ kind: 'string' }),
  date: (): { kind: 'string'; format: 'date' } => ({ kind: 'string', format: 'date' }),
  number: (): { kind: 'number' } => ({ kind: 'number' }),
  integer: (): { kind: 'integer' } => ({ kind: 'integer' }),
  boolean: (): { kind: 'boolean' } => ({ kind: 'boolean' }),
  options: (): { kind: 'options' } => ({ kind: 'options' }),
  condition: (): { kind: 'condition' } => ({ kind: 'condition' }),
  list: <W extends Wire>(of: W): { kind: 'list'; of: W } => ({ kind: 'list', of }),
  object: <K extends WireKeys>(keys: K): { kind: 'object'; keys: K } => ({ kind: 'object', keys }),
  /** A key the form may leave out; `description` documents it in the OpenAPI schema. */
  optional: <W extends Wire>(of: W, description?: string): { kind: 'optional'; of: W; description?: string } =>
    description === undefined ? { kind: 'optional', of } : { kind: 'optional', of, description },
};
