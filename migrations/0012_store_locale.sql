-- The locale the store's own people read money and dates in, in the backoffice's quote desk (issue 34,
-- docs/quotes.md "The document"); NULL: each quote's language. The buyer's document keeps the quote's language.
ALTER TABLE store_profiles ADD COLUMN locale TEXT;
