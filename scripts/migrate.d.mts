export declare function shardBindings(toml: string): string[];
export declare function migrateShards(
  args: readonly string[],
  options?: { cwd?: string; stdio?: 'inherit' | 'pipe' | 'ignore' },
): { shard: number; binding: string }[];
