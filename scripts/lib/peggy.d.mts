import type { Plugin } from 'vite';

export declare function compileGrammar(source: string, path: string): string;
export declare function peggyPlugin(): Plugin;
