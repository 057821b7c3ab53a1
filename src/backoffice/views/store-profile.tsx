import { PROFILE_LIMITS } from '../../api/admin/store-profile';
import { enc } from '../load';
import type { StoreJson, StoreProfileJson } from '../types';
import { FormError } from './parts';

// The store's profile for its quote documents, on its Settings page: the seller block and the tax. Quotes already
// sent keep what they were sent with (docs/quotes.md, "The document"), which the hint says.

function Text({
  id,
  name,
  label,
  value,
  max,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  value: string | null;
  max: number;
  hint?: string;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} name={name} maxlength={max} value={value ?? ''} data-optional autocomplete="off" />
      {hint && <span class="hint">{hint}</span>}
    </div>
  );
}

function Area({ id, name, label, value, max }: { id: string; name: string; label: string; value: string | null; max: number }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} name={name} maxlength={max} rows={3} data-optional>
        {value ?? ''}
      </textarea>
    </div>
  );
}

export function StoreProfileCard({ store, profile }: { store: StoreJson; profile: StoreProfileJson }) {
  return (
    <section class="card" aria-labelledby="profile-title">
      <h2 id="profile-title">Quote document</h2>
      <p class="hint">What the buyer's quote page prints. A quote keeps the profile and tax it was sent with.</p>
      <form
        class="api-form"
        data-method="PUT"
        data-action={`/api/admin/stores/${enc(store.id)}/profile`}
        data-success="reload"
        data-flash="Quote document saved."
      >
        <FormError />
        <Text
          id="profile-legal-name"
          name="legal_name"
          label="Legal name"
          value={profile.legal_name}
          max={PROFILE_LIMITS.legalName}
        />
        <Area id="profile-address" name="address" label="Address" value={profile.address} max={PROFILE_LIMITS.address} />
        <Text
          id="profile-logo"
          name="logo_url"
          label="Logo URL"
          value={profile.logo_url}
          max={PROFILE_LIMITS.logoUrl}
          hint="An https:// image."
        />
        <Text id="profile-tax-id" name="tax_id" label="Tax ID" value={profile.tax_id} max={PROFILE_LIMITS.taxId} />
        <div class="field">
          <label for="profile-tax-rate">Tax rate (%)</label>
          <input
            id="profile-tax-rate"
            name="tax_rate_percent"
            type="number"
            min={0}
            max={100}
            step="0.01"
            data-type="number"
            value={profile.tax_rate_percent === null ? '' : String(profile.tax_rate_percent)}
          />
          <span class="hint">Empty: the document shows no tax.</span>
        </div>
        <div class="field">
          <label for="profile-prices">Product prices</label>
          <select id="profile-prices" name="prices">
            <option value="net" selected={profile.prices === 'net'}>
              Net: tax is added on top
            </option>
            <option value="gross" selected={profile.prices === 'gross'}>
              Gross: tax is included
            </option>
          </select>
        </div>
        <Text
          id="profile-locale"
          name="locale"
          label="Locale of the quote desk"
          value={profile.locale}
          max={PROFILE_LIMITS.locale}
          hint="How the backoffice shows money and dates, e.g. de-DE. Empty: en-GB. Buyers see their quote's language."
        />
        <Area
          id="profile-payment-terms"
          name="payment_terms"
          label="Payment terms"
          value={profile.payment_terms}
          max={PROFILE_LIMITS.paymentTerms}
        />
        <Area id="profile-terms" name="terms" label="Terms" value={profile.terms} max={PROFILE_LIMITS.terms} />
        <button class="btn primary" type="submit">
          Save
        </button>
      </form>
    </section>
  );
}
