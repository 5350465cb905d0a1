// jsdom (the window DOMPurify works in on the server) ships no types, and @types/jsdom would bring the DOM library
// into the server's compile: only what html-sanitizer.ts uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: object;
  }
}
