// css-tree's pure-JS entry points (its main entry also loads the syntax data through Node's
// `module`); @types/css-tree types only the main entry, so these re-use its types.
declare module 'css-tree/parser' {
  import type { parse } from 'css-tree';
  const parser: typeof parse;
  export default parser;
}

declare module 'css-tree/walker' {
  import type { walk } from 'css-tree';
  const walker: typeof walk;
  export default walker;
}

declare module 'css-tree/generator' {
  import type { generate } from 'css-tree';
  const generator: typeof generate;
  export default generator;
}

declare module 'css-tree/utils' {
  export { ident } from 'css-tree';
}
