// The parts of the form document (GET /v1/products/{id}/form, docs/api.md) the configurator reads. Unknown keys
// are ignored and an unknown field type shows as a text box, so an older component keeps working with a newer server.

export interface Condition {
  source: string;
  json_logic: unknown;
}

export interface FormOption {
  id: string;
  label?: string;
  colour?: unknown;
  color?: unknown;
  image?: unknown;
  available_when?: Condition;
}

export interface FormField {
  id: string;
  type: string;
  label?: string;
  help?: string;
  unit?: string;
  required: boolean;
  default?: unknown;
  presets?: number[];
  options?: FormOption[];
  validation?: {
    min?: number | string;
    max?: number | string;
    step?: number;
    max_length?: number;
    pattern?: string;
    /** Multi-select fields: how many options may be ticked. */
    min_selected?: number;
    max_selected?: number;
  };
  visible_when?: Condition;
  enabled_when?: Condition;
  required_when?: Condition;
  /** Computed (hidden) fields: their value's logic. */
  value?: Condition;
}

export interface FormGroup {
  id: string;
  label?: string;
  visible_when?: Condition;
  enabled_when?: Condition;
  fields: FormField[];
}

export interface FormDocument {
  product_id: string;
  name?: string;
  description?: string;
  language: string;
  languages: string[];
  currency: string;
  layout: 'sections' | 'tabs' | 'accordion' | 'inline';
  groups: FormGroup[];
  quantity: { min: number; max: number; step: number; default?: number };
  /** "configure": no option carries `available_when`; only /v1/configure's answer tells which are available. */
  option_availability?: 'form' | 'configure';
  /** Each field's and let's value as JSON Logic, read by the extra operation `value` (src/lang/logic-ops.ts). */
  logic_values: Record<string, unknown>;
  /** What priced the form: its market (null: a store without markets), group, currency and price list. */
  pricing?: Pricing;
}

export interface Pricing {
  market: string | null;
  group: string;
  currency: string;
  list: { id: string; version: number; name: string } | null;
}

/** A market as GET /v1/markets lists it. */
export interface Market {
  id: string;
  name: string;
  currency: string;
  /** BCP 47, e.g. de-CH: its region formats the market's money. */
  language?: string;
  countries?: string[];
  default?: boolean;
}

/** A server's word on one option (POST /v1/configure). */
export interface OptionState {
  id: string;
  available: boolean;
  reasons?: { message: string }[];
}

export interface FieldState {
  id: string;
  visible: boolean;
  enabled: boolean;
  required: boolean;
  /** /v1/configure: the value the calculation uses, and where it comes from (`adjusted`: a soft default). */
  value?: unknown;
  source?: string;
  replaced_default?: unknown;
  options?: OptionState[];
  /** A compact answer's field not explained: the ids of its available options. */
  available?: string[];
  min?: number;
  max?: number;
}

export interface GroupState {
  id: string;
  visible: boolean;
  enabled: boolean;
}

export interface Issue {
  code: string;
  message: string;
  field?: string;
}
