// The few words a quote document prints itself (everything else comes from the products' schemas), by language;
// an unknown language reads English.

const WORDS = {
  en: {
    quote: 'Quote',
    number: 'Number',
    date: 'Date',
    validUntil: 'Valid until',
    customer: 'Customer',
    item: 'Item',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    total: 'Total',
    notes: 'Notes',
    accept: 'Accept quote',
    reject: 'Reject quote',
    yes: 'Yes',
    no: 'No',
    request: 'Quote request',
    requestedOn: 'Requested on',
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
    },
  },
  de: {
    quote: 'Angebot',
    number: 'Nummer',
    date: 'Datum',
    validUntil: 'Gültig bis',
    customer: 'Kunde',
    item: 'Position',
    quantity: 'Menge',
    unitPrice: 'Stückpreis',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    total: 'Gesamt',
    notes: 'Anmerkungen',
    accept: 'Angebot annehmen',
    reject: 'Angebot ablehnen',
    yes: 'Ja',
    no: 'Nein',
    request: 'Angebotsanfrage',
    requestedOn: 'Angefragt am',
    requestStatus: {
      requested: 'Angefragt: Der Shop erstellt sein Angebot und schickt es Ihnen zu.',
      offered:
        'Der Shop hat Ihnen sein Angebot geschickt; öffnen Sie es über den mitgeschickten Link, um es anzunehmen oder abzulehnen.',
    },
    status: {
      draft: 'Entwurf',
      pending_approval: 'Wartet auf Freigabe',
      sent: 'Offen',
      accepted: 'Angenommen, vielen Dank',
      rejected: 'Abgelehnt',
      expired: 'Abgelaufen',
      cancelled: 'Storniert',
    },
  },
} as const;

export type Words = (typeof WORDS)[keyof typeof WORDS];

export function wordsFor(language: string): Words {
  const base = language.toLowerCase().split('-')[0];
  return base === 'de' ? WORDS.de : WORDS.en;
}
