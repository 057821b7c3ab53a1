import type { Writable } from 'node:stream';

export declare function sideBySide(
  live: { name: string; args: string[] },
  held: { name: string; args: string[] },
  out?: Writable,
): Promise<number>;
