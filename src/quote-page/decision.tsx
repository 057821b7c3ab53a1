import type { Words } from '../quotes/words';

// The buyer's answer on the share page: plain HTML forms (the page runs no script). Accepting takes the signer's
// full name and a ticked consent; rejecting an optional reason. What the buyer gave goes into the quote's history
// with the time and the client's address (docs/quotes.md, "Accepting and rejecting").

export const SIGNER_MAX = 200;
export const REASON_MAX = 500;

/** What the buyer typed, shown again with the problem when the form is refused. */
export interface DecisionProblem {
  message: string;
  signer: string;
}

export function DecisionForms({
  action,
  words,
  problem,
}: {
  action: string;
  words: Words;
  problem?: DecisionProblem | undefined;
}) {
  return (
    <div class="actions">
      <form method="post" action={`${action}/accept`} class="accept-form">
        {problem && (
          <p class="problem" role="alert">
            {problem.message}
          </p>
        )}
        <label for="signer">{words.signer}</label>
        <input
          id="signer"
          name="signer"
          required
          maxlength={SIGNER_MAX}
          autocomplete="name"
          value={problem?.signer ?? ''}
          aria-invalid={problem ? 'true' : undefined}
        />
        <label class="consent">
          <input type="checkbox" name="consent" value="yes" required />
          <span>{words.consent}</span>
        </label>
        <button class="accept" type="submit">
          {words.accept}
        </button>
      </form>
      <form method="post" action={`${action}/reject`} class="reject-form">
        <label for="reason">{words.reason}</label>
        <textarea id="reason" name="reason" maxlength={REASON_MAX} rows={2} />
        <button class="reject" type="submit">
          {words.reject}
        </button>
      </form>
    </div>
  );
}

type FormBody = Record<string, string | File | (string | File)[]>;

const field = (body: FormBody, name: string) => {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The history details of an accept, or the problem that refuses it: a name of 1 to SIGNER_MAX characters and the
 * consent ticked. The browser checks both first (required, maxlength); this is for a client that does not.
 */
export function acceptance(body: FormBody, words: Words, address: string | null) {
  const signer = field(body, 'signer');
  if (signer.length === 0 || signer.length > SIGNER_MAX)
    return { problem: { message: words.signerMissing, signer: signer.slice(0, SIGNER_MAX) } };
  if (field(body, 'consent') !== 'yes') return { problem: { message: words.consentMissing, signer } };
  return { details: { signer, consent: true, address } };
}

/** The history details of a reject: the reason, if any, cut to REASON_MAX characters. */
export function rejection(body: FormBody, address: string | null) {
  const reason = field(body, 'reason').slice(0, REASON_MAX);
  return reason ? { reason, address } : { address };
}
