// wrap-ansi 6 (the copy @oclif/core already installs) ships no types; this is the part of its API openwop calls.
declare module 'wrap-ansi' {
  interface Options {
    hard?: boolean;
    wordWrap?: boolean;
    trim?: boolean;
  }
  export default function wrapAnsi(input: string, columns: number, options?: Options): string;
}
