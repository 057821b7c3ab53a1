import type { Child } from 'hono/jsx';

// The frame of every buyer's page: the language it is written in, a phone's viewport, no indexing, one stylesheet,
// and an icon (an empty one, inline: without it every buyer's browser asks for /favicon.ico and logs a 404).

export function shell(lang: string, title: string, body: Child): string {
  return (
    '<!doctype html>' +
    (
      <html lang={lang}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>{title}</title>
          <link rel="icon" href="data:," />
          <link rel="stylesheet" href="/q/quote.css" />
        </head>
        <body>{body}</body>
      </html>
    ).toString()
  );
}
