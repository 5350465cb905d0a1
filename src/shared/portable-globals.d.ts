// Web-platform globals that browsers and Node.js both provide, so shared code may use them although it compiles
// with no DOM and no Node types (src/shared/tsconfig.json). Only the members shared code uses are declared; the
// root tsconfig leaves this file out and takes the full types from the DOM and Node libraries.

/** The WHATWG URL parser. */
declare class URL {
  constructor(url: string, base?: string | URL);
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  pathname: string;
  search: string;
  hash: string;
}
