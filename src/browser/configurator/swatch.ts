import { isImageUrl } from '../../lang/image-url';

// Option attributes come from the schema author; only plain colours and https or same-origin images are used.
// The checker refuses other images (E_VALUE), but a stored version or another server's answer may still hold one.
export const safeColour = (v: unknown) =>
  typeof v === 'string' && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|hsl)a?\([0-9.,%\s]+\))$/.test(v) ? v : null;
export const safeImage = (v: unknown) => (isImageUrl(v) ? v : null);
