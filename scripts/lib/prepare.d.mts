export declare const root: string;
export declare function dependencyState(dir: string): 'current' | 'install' | 'linked';
