export declare function installPoolFix(): void;
