export declare function suiteGroups(files: string[]): string[][];
export declare function suitePhases(files: string[]): string[][][];
export declare function seesEmptyList(phase: string[][]): boolean;
