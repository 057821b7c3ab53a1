// Element creation without markup strings: every text goes through textContent, so a label cannot inject HTML.

type Attrs = Record<string, string | number | boolean | null | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: (Node | string | null | undefined | false)[] = [],
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') e.textContent = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

let counter = 0;
/** An id unique within the page, for label/aria references inside the shadow root. */
export const uid = (prefix: string) => `${prefix}${++counter}`;

/** An ARIA state that is "true" or absent. */
export function flag(e: Element, name: string, on: boolean): void {
  if (on) e.setAttribute(name, 'true');
  else e.removeAttribute(name);
}
