export declare const CLI: string;
export declare function buildCli(): void;
