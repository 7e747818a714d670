export declare const idbBackend: 'sqlite' | 'leveldb';
export declare const chromiumArgs: string[];
export declare function ensureChromium(): string;
export declare const unusedFeatures: string[];
export declare function disableFeaturesSwitch(alreadyOff?: string[]): string;
export declare function featuresOffIn(commandLine: string[]): string[];
