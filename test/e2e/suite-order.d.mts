export declare function orderSuites(files: string[]): string[];
