// Colours for a person at a terminal, plain text for pipes, files and CI logs: only when stdout is a TTY and
// NO_COLOR (https://no-color.org) is unset or empty.

const enabled = process.stdout.isTTY === true && !process.env.NO_COLOR;

const paint = (code: number) => (text: string) => (enabled ? `\u001b[${code}m${text}\u001b[0m` : text);

export const red = paint(31);
export const green = paint(32);
export const yellow = paint(33);
export const cyan = paint(36);
export const dim = paint(2);
export const bold = paint(1);
