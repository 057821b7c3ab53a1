// An option's `image` is shown by storefronts (the <cpq-configurator> swatches) inside a CSS url(), so the checker
// and the component accept the same narrow set: an https: URL or a path on the page's own origin (/img/oak.jpg).
// Refused: `//host/x.png` and `/\host/x.png` (browsers read both as another host, the backslash as a slash), any
// other scheme (javascript:, data:, http:), whitespace and control characters (browsers drop tabs and newlines
// inside a URL, so `/<tab>/host` is `//host`), and quotes, parentheses and backslashes (they would end url("…")).
// No imports: the configurator bundle carries this file.
const IMAGE_URL = /^(?:https:\/\/|\/)(?![/\\])[^\s\p{Cc}"'()\\]+$/iu;

export const isImageUrl = (value: unknown): value is string => typeof value === 'string' && IMAGE_URL.test(value);
