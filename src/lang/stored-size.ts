// What saving and serving a product take, checked by the analysis so that validate and save agree (issue 27: a
// schema that validated could not be saved): the compiled form within what storage takes, the form's JSON Logic
// conditions and its options within what a form serves. Each is one E_LIMIT with the figure, at the schema's start or
// at the field that passes the limit.
import type { Model } from './check/checked-model';
import { exportSize } from './configure/export';
import type { Diagnostics } from './diagnostics';
import type { ProductIR } from './ir';
import { irToJson, MAX_COMPILED_BYTES } from './ir-json';
import { MAX_LOGIC_NODES } from './runtime/jsonlogic';
import type { SourceMap } from './syntax/source';
import { utf8Length } from './utf8';

/**
 * Options the form lists in all, at most (a field offering a set lists the set's options). A schema of 500,000
 * tokens declares at most about 70,000 options of its own; a set offered by many fields would multiply them in the form
 * and in /v1/configure's answer.
 */
export const MAX_FORM_OPTIONS = 50_000;

/** Adds the E_LIMIT of the first limit the product passes; whether it is within all of them. */
export function checkStoredSize(model: Model, ir: ProductIR, map: SourceMap, diags: Diagnostics): boolean {
  const start = map.span(0, 0);
  let options = 0;
  for (const f of model.fields) {
    options += f.options?.length ?? 0;
    if (options > MAX_FORM_OPTIONS) {
      diags.add('E_LIMIT', f.decl.id.span, `with this field the form lists more than ${MAX_FORM_OPTIONS} options in all`);
      return false;
    }
  }
  // The options' availability is exported only within the bound too (src/configurator/form.ts).
  const nodes = exportSize(ir, false);
  if (nodes > MAX_LOGIC_NODES) {
    diags.add('E_LIMIT', start, `the form's conditions export ${nodes} JSON Logic nodes; at most ${MAX_LOGIC_NODES} are served`);
    return false;
  }
  const bytes = utf8Length(irToJson(ir));
  if (bytes > MAX_COMPILED_BYTES) {
    diags.add('E_LIMIT', start, `the compiled product is ${bytes} bytes; at most ${MAX_COMPILED_BYTES} are stored`);
    return false;
  }
  return true;
}
