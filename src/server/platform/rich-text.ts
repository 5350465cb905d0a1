// Rich text on the server (SPEC §9 editor formats: bold, italic, underline, strike, headers 1–2, ordered and bullet
// lists, paragraphs and line breaks): whatever HTML arrives is sanitised (the one allow-list, shared/html-allow-list)
// and read into blocks of formatted runs, and only those are written back, so stored text carries no attribute, link,
// style or script. PDFs draw the same blocks.
import { Parser } from 'htmlparser2';
import { PARAGRAPH_BLOCKS, RICH_TEXT_HTML } from '../../shared/html-allow-list.js';
import { htmlSanitizer } from './html-sanitizer.js';

export type RunMarks = { bold?: boolean; italic?: boolean; underline?: boolean; strike?: boolean };
/** A stretch of text with one set of marks; "\n" is a line break inside its block. */
export type Run = RunMarks & { text: string };
export type BlockType = 'paragraph' | 'heading1' | 'heading2' | 'bullet' | 'ordered';
/** One paragraph, heading or list item; an ordered item carries its number within its list. */
export type Block = { type: BlockType; runs: Run[]; number?: number };

const MARK_TAGS: Record<string, keyof RunMarks> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
};
const MARKS: (keyof RunMarks)[] = ['bold', 'italic', 'underline', 'strike'];
const MARK_HTML: Record<keyof RunMarks, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
};
// Tags that start a paragraph of their own (the sanitiser has already unwrapped any tag the list does not keep).
const PARAGRAPHS = new Set(['p', ...PARAGRAPH_BLOCKS]);
const HEADINGS: Record<string, BlockType> = {
  h1: 'heading1',
  h2: 'heading2',
  // Only two heading levels exist in the editor: deeper ones read as the second.
  h3: 'heading2',
  h4: 'heading2',
  h5: 'heading2',
  h6: 'heading2',
};

const sameMarks = (a: RunMarks, b: RunMarks) => MARKS.every((m) => !!a[m] === !!b[m]);

/** Whitespace as a browser shows it: runs collapse to one space, none at a block's start or end or after a break. */
function tidy(runs: Run[]): Run[] {
  const out: Run[] = [];
  let afterSpace = true;
  for (const run of runs) {
    let text = run.text;
    if (text !== '\n') {
      text = text.replace(/[ \t\n\r\f]+/g, ' ');
      if (afterSpace) text = text.replace(/^ /, '');
      if (text === '') continue;
      afterSpace = text.endsWith(' ');
    } else {
      const last = out[out.length - 1];
      if (last && last.text !== '\n') last.text = last.text.replace(/ $/, '');
      afterSpace = true;
    }
    const last = out[out.length - 1];
    if (last && last.text !== '\n' && text !== '\n' && sameMarks(last, run)) last.text += text;
    else out.push({ ...marksOf(run), text });
  }
  // The editor ends an empty line with a placeholder break: not a line of its own.
  while (out.length && out[out.length - 1]!.text === '\n') out.pop();
  const last = out[out.length - 1];
  if (last) {
    last.text = last.text.replace(/ $/, '');
    if (last.text === '') out.pop();
  }
  return out;
}

function marksOf(source: RunMarks): RunMarks {
  const marks: RunMarks = {};
  for (const m of MARKS) if (source[m]) marks[m] = true;
  return marks;
}

const sanitize = htmlSanitizer(RICH_TEXT_HTML);

/** Reads any HTML into the blocks of the editor's formats. */
export function parseRichText(html: string | null | undefined): Block[] {
  if (!html) return [];
  const blocks: (Block & { list?: number })[] = [];
  const marks: Record<keyof RunMarks, number> = { bold: 0, italic: 0, underline: 0, strike: 0 };
  const lists: { kind: 'bullet' | 'ordered'; id: number }[] = [];
  let listCount = 0;
  let current: (Block & { list?: number }) | null = null;

  const close = () => {
    if (!current) return;
    const runs = tidy(current.runs);
    // Empty paragraphs are blank lines the writer left; an empty heading or list item says nothing.
    if (runs.length || current.type === 'paragraph') blocks.push({ ...current, runs });
    current = null;
  };
  const open = (type: BlockType, list?: number) => {
    close();
    current = { type, runs: [], ...(list === undefined ? {} : { list }) };
  };
  const add = (text: string) => {
    if (!current) {
      // Loose text between blocks (source line breaks) is no paragraph.
      if (text.trim() === '' && text !== '\n') return;
      open('paragraph');
    }
    const run: Run = { text };
    for (const m of MARKS) if (marks[m] > 0) run[m] = true;
    current!.runs.push(run);
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const mark = MARK_TAGS[name];
        if (mark) marks[mark] += 1;
        else if (name === 'br') add('\n');
        else if (name === 'ul' || name === 'ol') {
          close();
          listCount += 1;
          lists.push({ kind: name === 'ol' ? 'ordered' : 'bullet', id: listCount });
        } else if (name === 'li') {
          const list = lists[lists.length - 1];
          // The editor's own markup marks each item (<li data-list="bullet"> inside an <ol>).
          const marked = attribs['data-list'];
          const type =
            marked === 'bullet' || marked === 'ordered' ? marked : (list?.kind ?? ('bullet' as const));
          open(type, list?.id ?? 0);
        } else if (HEADINGS[name]) open(HEADINGS[name]);
        else if (PARAGRAPHS.has(name)) {
          // A paragraph inside a list item is that item's text.
          const inItem = current?.type === 'bullet' || current?.type === 'ordered';
          if (!inItem || current!.runs.length) open('paragraph');
        }
      },
      ontext(text) {
        add(text);
      },
      onclosetag(name) {
        const mark = MARK_TAGS[name];
        if (mark) marks[mark] = Math.max(0, marks[mark] - 1);
        else if (name === 'ul' || name === 'ol') {
          close();
          lists.pop();
        } else if (name === 'li' || HEADINGS[name] || (PARAGRAPHS.has(name) && current?.type === 'paragraph'))
          close();
      },
    },
    { decodeEntities: true },
  );
  parser.write(sanitize(html));
  parser.end();
  close();

  // No blank lines before the first or after the last text.
  let start = 0;
  let end = blocks.length;
  while (start < end && blocks[start]!.runs.length === 0) start += 1;
  while (end > start && blocks[end - 1]!.runs.length === 0) end -= 1;
  const out: Block[] = [];
  let previous: (Block & { list?: number }) | undefined;
  for (const block of blocks.slice(start, end)) {
    const { list, ...rest } = block;
    if (block.type === 'ordered') {
      const continues = previous?.type === 'ordered' && previous.list === list;
      rest.number = continues ? (out[out.length - 1]!.number ?? 0) + 1 : 1;
    }
    out.push(rest);
    previous = block;
  }
  return out;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function runsHtml(runs: Run[]): string {
  return runs
    .map((run) => {
      if (run.text === '\n') return '<br>';
      const tags = MARKS.filter((m) => run[m]).map((m) => MARK_HTML[m]);
      return `${tags.map((t) => `<${t}>`).join('')}${escapeHtml(run.text)}${tags
        .reverse()
        .map((t) => `</${t}>`)
        .join('')}`;
    })
    .join('');
}

/** The blocks as the editor's HTML (no attributes at all); '' when there is no text. */
export function richTextHtml(blocks: Block[]): string {
  const parts: string[] = [];
  let openList: 'ul' | 'ol' | null = null;
  blocks.forEach((block, i) => {
    const tag = block.type === 'bullet' ? 'ul' : block.type === 'ordered' ? 'ol' : null;
    // An ordered item numbered 1 starts a list of its own.
    const restart = tag === 'ol' && openList === 'ol' && block.number === 1 && i > 0;
    if (openList && (openList !== tag || restart)) {
      parts.push(`</${openList}>`);
      openList = null;
    }
    if (tag && !openList) {
      parts.push(`<${tag}>`);
      openList = tag;
    }
    const inner = runsHtml(block.runs);
    if (tag) parts.push(`<li>${inner}</li>`);
    else if (block.type === 'heading1') parts.push(`<h1>${inner}</h1>`);
    else if (block.type === 'heading2') parts.push(`<h2>${inner}</h2>`);
    else parts.push(`<p>${inner || '<br>'}</p>`);
  });
  if (openList) parts.push(`</${openList}>`);
  return parts.join('');
}

/** Any HTML reduced to the editor's formats; '' when no text is left. */
export function sanitizeRichText(html: string | null | undefined): string {
  return richTextHtml(parseRichText(html));
}

/** The text alone, one line per block (lists as "• " and "1. "): for field history and search. */
export function richTextPlain(html: string | null | undefined): string {
  return parseRichText(html)
    .map((b) => {
      const text = b.runs.map((r) => r.text).join('');
      return b.type === 'bullet' ? `• ${text}` : b.type === 'ordered' ? `${b.number}. ${text}` : text;
    })
    .join('\n');
}
