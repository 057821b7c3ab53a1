// The quote document's own words in English: every other language's catalogue has these keys, and a key one
// lacks reads English (src/quotes/words.ts).

export const en = {
  quote: 'Quote',
  number: 'Number',
  date: 'Date',
  validUntil: 'Valid until',
  customer: 'Customer',
  reference: 'Your reference',
  seller: 'From',
  taxId: 'Tax ID',
  item: 'Item',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
  tax: 'Tax',
  pricesNet: 'Prices excluding tax',
  pricesGross: 'Prices including tax',
  subtotal: 'Subtotal',
  discount: 'Discount',
  total: 'Total',
  netTotal: 'Total excluding tax',
  grossTotal: 'Total including tax',
  includedTax: 'Included tax',
  notes: 'Notes',
  terms: 'Terms',
  paymentTerms: 'Payment terms',
  accept: 'Accept quote',
  reject: 'Reject quote',
  signer: 'Your full name',
  consent: 'I accept this quote and its terms, and I am entitled to do so.',
  reason: 'Reason (optional)',
  signerMissing: 'Please enter your full name.',
  consentMissing: 'Please tick the box to confirm.',
  acceptedBy: 'Accepted by',
  yes: 'Yes',
  no: 'No',
  request: 'Quote request',
  requestedOn: 'Requested on',
  deadTitle: 'This link does not work',
  deadText:
    'The quote may have been withdrawn or replaced by a newer one, or the address is incomplete. Please ask whoever sent it to you for a new link.',
  lineDiscount: 'Line discount',
  revision: 'Revision',
  supersededTitle: 'This quote has been replaced',
  supersededText:
    'The store has revised this quote, so it can no longer be accepted or rejected. The new revision comes with a link of its own; if it has not reached you, please ask whoever sent you this one.',
  requestStatus: {
    requested: 'Requested: the store is preparing its offer and will send it to you.',
    offered: 'The store has sent its offer; open it from the link that came with it to accept or reject it.',
  },
  status: {
    draft: 'Draft',
    pending_approval: 'Awaiting approval',
    sent: 'Open',
    accepted: 'Accepted, thank you',
    rejected: 'Rejected',
    expired: 'Expired',
    cancelled: 'Cancelled',
    superseded: 'Replaced by a revision',
  },
};

export type Words = typeof en;

/** Another language's catalogue: any key it lacks reads English. */
export type Catalogue = Partial<Omit<Words, 'status' | 'requestStatus'>> & {
  status?: Partial<Words['status']>;
  requestStatus?: Partial<Words['requestStatus']>;
};
