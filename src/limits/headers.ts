import { WINDOW_SECONDS } from './budgets';
import { type WindowState, windowEnd } from './windows';

/**
 * The window that binds first: the fewest requests left; on a tie the one that ends last, because every exhausted
 * window must end before another request passes.
 */
export function bindingWindow(windows: readonly WindowState[]): WindowState | undefined {
  let binding: WindowState | undefined;
  for (const w of windows) {
    if (!binding || w.remaining < binding.remaining || (w.remaining === binding.remaining && w.resetAt > binding.resetAt)) {
      binding = w;
    }
  }
  return binding;
}

/**
 * The X-RateLimit-* trio for the binding window, plus RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers)
 * listing every window. An unlimited plan has no window: the trio says `unlimited`, as the contract's plan table
 * does, with the end of the current minute as Reset; the IETF pair is left out because no policy applies.
 */
export function rateLimitHeaders(windows: readonly WindowState[], now: number): Record<string, string> {
  const binding = bindingWindow(windows);
  if (!binding) {
    return {
      'X-RateLimit-Limit': 'unlimited',
      'X-RateLimit-Remaining': 'unlimited',
      'X-RateLimit-Reset': String(windowEnd('minute', now) / 1000),
    };
  }
  return {
    'X-RateLimit-Limit': String(binding.limit),
    'X-RateLimit-Remaining': String(binding.remaining),
    'X-RateLimit-Reset': String(binding.resetAt),
    'RateLimit-Policy': windows.map((w) => `"${w.window}";q=${w.limit};w=${WINDOW_SECONDS[w.window]}`).join(', '),
    RateLimit: windows.map((w) => `"${w.window}";r=${w.remaining};t=${w.resetIn}`).join(', '),
  };
}
