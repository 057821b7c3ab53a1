// The wire shape of a product's form (GET /v1/products/{id}/form and the backoffice preview's form).
import { z } from '@hono/zod-openapi';
import { JsonLogic } from './conditions';
import { FormField } from './form-field';
import { headers, json } from './openapi';
import { OutputInfo } from './output-info';
import { Pricing } from './pricing';

export const ProductForm = z
  .object({
    product_id: z.string(),
    version: z.number().int(),
    name: z.string(),
    language: z.string(),
    languages: z.array(z.string()),
    currency: z.string(),
    layout: z.enum(['sections', 'tabs', 'accordion', 'inline']),
    groups: z.array(z.object({ id: z.string(), label: z.string(), fields: z.array(FormField) }).passthrough()),
    quantity: z.object({ min: z.number().int(), max: z.number().int(), step: z.number().int(), default: z.number().int() }),
    option_availability: z.enum(['form', 'configure']).openapi({
      description:
        'Where the availability of choice options comes from. "form": an option some check reads carries available_when ' +
        '(a multi-select\'s options excepted); "configure": no option carries it, the product\'s tables being too large ' +
        'to export in the form (past 200,000 bytes), and POST /v1/configure answers it',
    }),
    logic_values: z.record(z.string(), JsonLogic).openapi({
      description:
        'The values (fields, lets) conditions read with {"value": name}: each as JSON Logic over the configuration as sent',
    }),
    output_info: z.record(z.string(), OutputInfo).openapi({
      description: 'The public output groups a calculation returns by default: labels, units and item types',
    }),
    pricing: Pricing,
  })
  .passthrough()
  .openapi('ProductForm');

const FORM_HEADERS = headers(['ETag', 'Cache-Control', 'Content-Language']);

/** The form's 200 and 304, shared with the backoffice preview's form route. */
export const formResponses = {
  200: { ...json(ProductForm, 'The form'), headers: FORM_HEADERS },
  304: { description: 'Not modified: If-None-Match names the current ETag', headers: FORM_HEADERS },
};
