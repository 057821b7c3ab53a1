export declare function wrapOnce(text: string): string;
export declare function installPoolFix(): void;
