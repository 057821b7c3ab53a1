// A versioned resource (a quote, a product) has the ETag "v<version>", and a change may name the version it was made
// from in If-Match: the server refuses it with 412 PRECONDITION_FAILED when the resource has moved on since.
import { z } from '@hono/zod-openapi';

export const versionETag = (version: number) => `"v${version}"`;

/** The version an If-Match names: undefined for none or `*`; a tag no version has can never match (-1). */
export function ifMatchVersion(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const m = /^\s*(?:W\/)?"v(\d{1,9})"\s*$/.exec(header);
  return m ? Number(m[1]) : -1;
}

/** The If-Match request header of a change; `of` names the resource in its description. */
export function ifMatchHeader(of: string) {
  return z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'If-Match', in: 'header' },
      description: `The ETag of the ${of} this change was made from: 412 when the ${of} has changed since`,
      example: '"v3"',
    });
}
