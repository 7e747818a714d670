/** Each WebAssembly module: its text, the TypeScript file that embeds it, and the export's name. */
export declare const WASM_MODULES: readonly { wat: string; ts: string; name: string }[];
/** The binary of a WebAssembly text file (SIMD enabled). */
export declare function compileWat(path: string): Promise<Uint8Array>;
/** The TypeScript source that embeds `bytes` as `name`. */
export declare function embedSource(wat: string, name: string, bytes: Uint8Array): string;
