import { CATALOG, type CatalogLanguage, type MessageKey } from './catalog';

export type Params = { readonly [name: string]: string };
export type Messages = Readonly<Record<MessageKey, string>>;

/** The catalog for a negotiated tag: "de-CH" uses German; languages without a catalog use English. */
export function catalogFor(lang: string): Messages {
  const primary = lang.split('-', 1)[0]?.toLowerCase() ?? '';
  return Object.hasOwn(CATALOG, primary) ? CATALOG[primary as CatalogLanguage] : CATALOG.en;
}

/** Fills `{name}` placeholders; a placeholder without a parameter stays as written. */
export function format(messages: Messages, key: MessageKey, params: Params): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? (params[name] as string) : whole,
  );
}
