export declare function suiteGroups(files: string[]): string[][];
