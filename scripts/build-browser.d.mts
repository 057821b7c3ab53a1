export declare const BUDGETS: Readonly<Record<string, number>>;
export declare function buildBrowserBundles(): Record<string, { js: string; hash: string }>;
export declare function ensureBrowserBundles(): boolean;
