// The configuration as sent, every field not sent at its default, as the model's tables see it (soft defaults,
// adjust.ts): the defaults as value indexes, and whether the table of a constraint or an error rule has no row for it.
import type { FieldIR } from '../../ir';
import type { Val } from '../../runtime/fault';
import type { Analysis } from '../analysis';
import { eachMatch } from '../exact/excluded';
import { pairAllows } from '../exact/pairs';
import type { Tables } from '../exact/tables';

/** By tables: each variable's default as a value index (-1: not one of its values), worked out once per model. */
const kept = new WeakMap<Tables, Int32Array>();

export function defaultsOf(t: Tables, fields: readonly FieldIR[]): Int32Array {
  let defaults = kept.get(t);
  if (defaults === undefined) {
    defaults = Int32Array.from(t.fields, (f, x) => t.values[x]!.indexOf(fields[f]!.fallback as Val));
    kept.set(t, defaults);
  }
  return defaults;
}

/**
 * Whether the configuration as sent (`sent`: by field index; undefined: not sent, at its default) breaks the table
 * of a constraint or an error rule, so that its evaluation reports that check or its fault. False when the tables
 * cannot tell: a value sent or a default not among its field's values, a multi-select sent.
 */
export function breaksACheck(t: Tables, a: Analysis, fields: readonly FieldIR[], sent: readonly unknown[]): boolean {
  const defaults = defaultsOf(t, fields);
  const tuple = new Int32Array(t.fields.length);
  for (let x = 0; x < tuple.length; x++) {
    const f = t.fields[x]!;
    const raw = sent[f];
    if (raw !== undefined && fields[f]!.valueType === 'list') return false;
    const v = raw === undefined ? defaults[x]! : t.values[x]!.indexOf(raw as Val);
    if (v < 0) return false;
    tuple[x] = v;
  }
  for (const table of t.tables) {
    if (a.checks[table.check]!.issue !== undefined) continue;
    if (table.excluded) {
      const at = Int32Array.from(table.vars, (x) => tuple[x]!);
      if (
        !eachMatch(
          table.excluded,
          at,
          () => false,
          () => {},
        )
      )
        return true;
      continue;
    }
    if (table.pair) {
      if (!pairAllows(t.bits, table.pair.sup[0], tuple[table.vars[0]!]!, tuple[table.vars[1]!]!)) return true;
      continue;
    }
    let any = 0;
    for (let w = 0; w < table.words && any === 0; w++) {
      let bits = 0xffffffff;
      for (let col = 0; col < table.vars.length && bits !== 0; col++) {
        bits &= t.bits[table.sup[col]![tuple[table.vars[col]!]!]! + w]!;
      }
      any = bits;
    }
    if (any === 0) return true;
  }
  return false;
}
