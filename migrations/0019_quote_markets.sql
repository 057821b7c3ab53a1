-- Markets and price lists (issue 45, docs/quotes.md "Markets and price lists"): a quote is pinned to what priced it.
-- `market` is the market id the storefront request named or the key and store defaulted to (NULL: a store without
-- markets, priced as before); `customer_group` the group whose prices it has ('retail' unless a key bound to a group
-- made it); `price_list` and `price_list_version` the list in force and its version when its items were last
-- priced (NULL: the model's own prices). Re-pricing moves the last two to the list in force then. Quotes made before
-- this migration read as unpinned: no market, retail, the model's prices, which is what priced them. The market's
-- tax is copied into the quote's document when it is sent, as the store profile's was (0008).
ALTER TABLE quotes ADD COLUMN market TEXT;
ALTER TABLE quotes ADD COLUMN customer_group TEXT NOT NULL DEFAULT 'retail';
ALTER TABLE quotes ADD COLUMN price_list TEXT;
ALTER TABLE quotes ADD COLUMN price_list_version INTEGER;
