import { z } from '@hono/zod-openapi';

// The one place request-validation messages are worded: zod's defaults ("Too small: expected array to have >=1
// items") become sentences an author can act on, in the API's 400s and so in the backoffice's forms. A schema
// that gives its own message (e.g. "Choose at least one permission") keeps it: zod prefers it over this map.

type Issue = z.core.$ZodRawIssue;

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function tooSmall(issue: Issue & { origin?: string; minimum?: unknown; inclusive?: boolean }): string | undefined {
  const min = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return min === 1 ? 'Must not be empty' : `Must be at least ${min} characters long`;
    case 'array':
    case 'set':
      return min === 1 ? 'Choose at least one' : `Give at least ${min} entries`;
    case 'number':
    case 'int':
      return issue.inclusive ? `Must be ${min} or more` : `Must be more than ${min}`;
    default:
      return undefined;
  }
}

function tooBig(issue: Issue & { origin?: string; maximum?: unknown; inclusive?: boolean }): string | undefined {
  const max = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return `Must be at most ${max} characters long`;
    case 'array':
    case 'set':
      return `Give at most ${max} entries`;
    case 'number':
    case 'int':
      return issue.inclusive ? `Must be ${max} or less` : `Must be less than ${max}`;
    default:
      return undefined;
  }
}

/** A plain sentence for a zod issue, or undefined to keep zod's own. */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Required';
      const kind = KINDS[String((issue as { expected?: unknown }).expected)];
      return kind ? `Must be ${kind}` : undefined;
    }
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_value': {
      const values = (issue as { values?: unknown[] }).values ?? [];
      return values.length === 1 ? `Must be ${String(values[0])}` : `Must be one of: ${values.map(String).join(', ')}`;
    }
    case 'invalid_format':
      return 'Has the wrong format';
    default:
      return undefined;
  }
}

z.config({ customError: plainMessage });
