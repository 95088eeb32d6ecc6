import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatDocumentPath, parseConfigDocument } from '@assent/core/config-as-code';
import type { ConfigDocument, DocumentPath } from '@assent/core/config-as-code';
import type { Node } from 'yaml';
import { Document, LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { CliError } from './errors';

export type DocumentFormat = 'yaml' | 'json';

const FORMATS: Record<string, DocumentFormat> = {
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};
const FORMAT_MESSAGE = 'use a .yaml, .yml or .json file';

const knownFormat = (file: string): DocumentFormat | undefined =>
  FORMATS[path.extname(file).toLowerCase()];

export function formatOf(file: string): DocumentFormat {
  const format = knownFormat(file);
  if (!format) throw new CliError(`${file}: ${FORMAT_MESSAGE}`);
  return format;
}

/** A document read from disk, with what it takes to point at a line. */
export interface LoadedDocument {
  file: string;
  document: ConfigDocument;
  /** The line (1-based) of a path, or of its nearest ancestor in the file. */
  lineOf(path: DocumentPath): number | undefined;
}

/** "file:12: properties.example.com.publisherCC: message" (the line when known). */
export function locate(
  file: string,
  lineOf: (path: DocumentPath) => number | undefined,
  docPath: DocumentPath,
  message: string,
): string {
  const line = lineOf(docPath);
  const where = formatDocumentPath(docPath);
  return `${file}${line ? `:${line}` : ''}: ${where ? `${where}: ` : ''}${message}`;
}

/** A problem of a document as `plan --json` reports it. */
export interface DocumentProblem {
  file: string;
  line: number | null;
  path: DocumentPath;
  /** The property's field (dotted), or the top-level key, when the problem has one. */
  field: string | null;
  message: string;
}

/** A document that cannot be read: every problem, each with its file, line and field. */
export class DocumentError extends CliError {
  constructor(readonly problems: DocumentProblem[]) {
    super(
      problems
        .map((p) => {
          const where = formatDocumentPath(p.path);
          return `${p.file}${p.line ? `:${p.line}` : ''}: ${where ? `${where}: ` : ''}${p.message}`;
        })
        .join('\n'),
    );
  }
}

/** The field a path names: inside a property or theme entry, or the top-level key. */
export function fieldOfPath(docPath: DocumentPath): string | null {
  const inEntry = docPath[0] === 'properties' || docPath[0] === 'themes';
  return formatDocumentPath(inEntry ? docPath.slice(2) : docPath).replace(/^\./, '') || null;
}

/**
 * Reads a YAML or JSON document (JSON is read by the YAML parser too, so both get line numbers)
 * and checks its shape. Every problem is reported at once, with file, line and field.
 */
export function readDocumentFile(file: string): LoadedDocument {
  const whole = (message: string) =>
    new DocumentError([{ file, line: null, path: [], field: null, message }]);
  if (!knownFormat(file)) throw whole(FORMAT_MESSAGE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw whole(
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file'
        : (error as Error).message,
    );
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) {
    throw new DocumentError(
      doc.errors.map((e) => ({
        file,
        line: lineCounter.linePos(e.pos[0]).line || null,
        path: [],
        field: null,
        message: e.message.split('\n')[0] ?? e.message,
      })),
    );
  }
  const lineOf = (docPath: DocumentPath): number | undefined => {
    let node: unknown = doc.contents;
    let offset: number | undefined = (doc.contents as Node | null)?.range?.[0];
    for (const segment of docPath) {
      if (isMap(node)) {
        const pair = node.items.find(
          (p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(segment),
        );
        if (!pair) break;
        offset = (pair.key as Node | null)?.range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment] as Node | undefined;
        if (!item) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else break;
    }
    return offset === undefined ? undefined : lineCounter.linePos(offset).line;
  };
  const parsed = parseConfigDocument(doc.toJS());
  if (!parsed.ok)
    throw new DocumentError(
      parsed.issues.map((i) => ({
        file,
        line: lineOf(i.path) ?? null,
        path: i.path,
        field: fieldOfPath(i.path),
        message: i.message,
      })),
    );
  return { file, document: parsed.value, lineOf };
}

/**
 * The document as text. YAML: block style with lists of plain values on one line, a fixed key
 * order (the document's), no timestamps; JSON: two-space indentation. Same input, same bytes.
 */
export function serialiseDocument(document: ConfigDocument, format: DocumentFormat): string {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  const doc = new Document(document);
  const flowLeaves = (node: unknown): void => {
    if (isSeq(node)) {
      if (node.items.every((i) => isScalar(i))) node.flow = true;
      else node.items.forEach(flowLeaves);
    } else if (isMap(node)) {
      for (const pair of node.items) flowLeaves(pair.value);
    }
  };
  flowLeaves(doc.contents);
  const themes = doc.get('themes', true);
  if (isMap(themes)) for (const pair of themes.items) if (isMap(pair.value)) pair.value.flow = true;
  doc.commentBefore =
    ' Assent configuration as code: edit, then `assent plan FILE` and `assent apply FILE`.\n' +
    ' Fields left out keep their defaults; see docs/cli.md for every field.';
  return doc.toString({ lineWidth: 0 });
}

export function writeDocumentFile(file: string, text: string): void {
  writeFileSync(file, text);
}
