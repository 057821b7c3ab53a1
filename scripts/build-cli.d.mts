export declare const CLI: string;
export declare function buildCli(): void;
export declare function ensureCli(): boolean;
