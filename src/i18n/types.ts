/**
 * The shapes behind the dictionaries: plural entries, the "same keys, string values" type that
 * makes a missing translation a type error, and the dotted key paths `t()` accepts.
 */

/** The languages Rivulet speaks; also the BCP 47 tags handed to `Intl`. */
export type Language = 'en' | 'zh-CN';

/** Marks an entry as plural forms; a symbol so it can never clash with a dictionary key. */
export const PLURAL: unique symbol = Symbol('plural');

/**
 * Plural forms by `Intl.PluralRules` category. `other` is required (Chinese needs nothing else);
 * English also needs `one`. The chosen form gets the same `{name}` interpolation as any string.
 */
export interface Plural {
  readonly [PLURAL]: true;
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/** Declares plural forms in a dictionary: `plural({ one: '{count} feed', other: '{count} feeds' })`. */
export function plural(forms: Omit<Plural, typeof PLURAL>): Plural {
  return { ...forms, [PLURAL]: true };
}

/** Whether a dictionary node is plural forms (rather than a string or a nested area). */
export function isPlural(node: unknown): node is Plural {
  return typeof node === 'object' && node !== null && PLURAL in node;
}

/**
 * The shape of another language's dictionary: exactly the keys of `T`, every leaf a string or
 * plural forms. Typing `zh-CN.ts` with it makes a missing or extra key a compile error.
 */
export type DeepStringRecord<T> = {
  [K in keyof T]: T[K] extends Plural ? Plural : T[K] extends string ? string : DeepStringRecord<T[K]>;
};

type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;

/** Every dotted path of `T` that ends at a string or plural forms: `'nav.all'`, `'settings.title'`. */
export type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string | Plural ? Join<P, K> : Paths<T[K], Join<P, K>>;
}[keyof T & string];

/** The dotted paths of `T` that end at plural forms (these need a `count`). */
export type PluralPaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends Plural
    ? Join<P, K>
    : T[K] extends string
      ? never
      : PluralPaths<T[K], Join<P, K>>;
}[keyof T & string];

/** Values for `{name}` placeholders; numbers are formatted for the language (1,234 / 1,234). */
export type Params = Record<string, string | number>;
