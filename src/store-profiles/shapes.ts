// What a store prints on its quote documents (docs/quotes.md, "The document"), as plain data: the seller block
// and the tax. A sent quote keeps a copy of both (`DocumentSnapshot`), taken when it was sent.

export interface SellerProfile {
  legalName: string | null;
  /** Lines separated by newlines, printed as they are. */
  address: string | null;
  /** https only (the admin API refuses anything else), so the page never loads a mixed-content image. */
  logoUrl: string | null;
  taxId: string | null;
  terms: string | null;
  paymentTerms: string | null;
}

/** A tax rate in basis points of a percent (1900 = 19 %), and whether the items' prices already include it. */
export interface TaxSettings {
  rateBp: number;
  prices: 'net' | 'gross';
}

export interface DocumentSnapshot {
  profile: SellerProfile;
  /** null: the store shows no tax. */
  tax: TaxSettings | null;
}

export const EMPTY_PROFILE: SellerProfile = {
  legalName: null,
  address: null,
  logoUrl: null,
  taxId: null,
  terms: null,
  paymentTerms: null,
};
