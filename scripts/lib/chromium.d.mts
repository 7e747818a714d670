export declare const idbBackend: 'sqlite' | 'leveldb';
export declare const chromiumArgs: string[];
export declare function ensureChromium(): string;
