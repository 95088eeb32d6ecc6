import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HELP_CENTER_PATH } from '@assent/core';
import type { FastifyInstance } from 'fastify';
import { Marked } from 'marked';
import { repoPath } from './paths';
import { NOT_FOUND_MESSAGE } from './routes/errors';

/** The project's own documentation: the README and docs/*.md, rendered to HTML. */
export const DOCS_PATH = '/docs/';

/**
 * Only our own files are served, and no script runs in them (their Markdown may hold raw HTML):
 * styles inline, images and links from this origin or anywhere, nothing else.
 */
const DOCS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https:; base-uri 'none'; form-action 'none'";

const STYLE = `body{font:16px/1.55 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1c2127}
pre,code{font:14px ui-monospace,monospace;background:#f6f7f9}pre{padding:.75rem;overflow:auto}
table{border-collapse:collapse}td,th{border:1px solid #d3d8de;padding:.25rem .5rem;vertical-align:top}
nav{margin-bottom:1.5rem}a{color:#215db0}`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The documents by the name they are served under: README.md and each docs/*.md. */
function documents(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const readme = path.join(root, 'README.md');
  if (existsSync(readme)) files.set('README.md', readme);
  const docs = path.join(root, 'docs');
  if (existsSync(docs)) {
    for (const name of readdirSync(docs).sort()) {
      if (/^[\w.-]+\.md$/.test(name)) files.set(name, path.join(docs, name));
    }
  }
  return files;
}

/** Links between the documents (`docs/rules.md`, `./decisions.md#x`) point at their served pages. */
function createRenderer(names: ReadonlySet<string>): Marked {
  return new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type !== 'link') return;
      const match = /^(?:\.\/)?(?:docs\/)?([\w.-]+\.md)(#.*)?$/.exec(token.href);
      if (match?.[1] && names.has(match[1]))
        token.href = `${DOCS_PATH}${match[1]}${match[2] ?? ''}`;
    },
  });
}

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Assent documentation</title><style>${STYLE}</style></head><body><nav><a href="${DOCS_PATH}">Assent documentation</a></nav>${body}</body></html>`;

/**
 * The Help Center's target: `GET /help` redirects to `ASSENT_HELP_URL`, or by default to the
 * project's own documentation at `/docs/` (README.md and docs/*.md of the repository, rendered to
 * HTML by marked; never publisher content).
 */
export function registerHelp(
  app: FastifyInstance,
  options: { helpUrl: string | undefined; root?: string },
): void {
  const files = documents(options.root ?? repoPath());
  const renderer = createRenderer(new Set(files.keys()));
  const rendered = new Map<string, string>();
  const render = (name: string, file: string): string => {
    let html = rendered.get(name);
    if (html === undefined) {
      const markdown = readFileSync(file, 'utf8');
      const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? name;
      html = page(title, renderer.parse(markdown, { async: false }));
      rendered.set(name, html);
    }
    return html;
  };

  app.get(HELP_CENTER_PATH, async (_request, reply) =>
    reply.redirect(options.helpUrl ?? DOCS_PATH),
  );

  app.get(DOCS_PATH, async (_request, reply) => {
    const items = [...files.keys()]
      .map((name) => `<li><a href="${DOCS_PATH}${escapeHtml(name)}">${escapeHtml(name)}</a></li>`)
      .join('');
    return reply
      .header('content-security-policy', DOCS_CSP)
      .type('text/html; charset=utf-8')
      .send(page('Contents', `<h1>Assent documentation</h1><ul>${items}</ul>`));
  });

  app.get<{ Params: { name: string } }>(`${DOCS_PATH}:name`, async (request, reply) => {
    // Only the listed names: nothing else on disk can be asked for.
    const file = files.get(request.params.name);
    if (!file) {
      return reply.code(404).send({ status: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
    }
    return reply
      .header('content-security-policy', DOCS_CSP)
      .type('text/html; charset=utf-8')
      .send(render(request.params.name, file));
  });
}
