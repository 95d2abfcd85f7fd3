// A small local stand-in for the GitHub API, backed by real git repositories, for the editor's
// journey (e2e/engines/editor.ts): Sveltia CMS's GitHub backend is pointed at it through the
// backend's `api_root` (REST under /api/v3, GraphQL at /api/graphql, as for GitHub Enterprise
// Server), so signing in, listing and saving run the editor's real GitHub code in any engine and
// a save is a real commit (`git log`, `git show`). It answers only the calls Sveltia's GitHub
// backend makes (read from its source, src/lib/services/backends/git/github/*): GET /user, the
// collaborator check, the recursive tree, blobs, and GraphQL queries on repository, ref, object,
// history and file (and a commit's status, deployments and check suites: none), and the
// createCommitOnBranch mutation. Anything else is answered 404 (REST) or
// with a GraphQL error, and listed in `unanswered`, so a gap shows instead of passing quietly.
//
// Each access token is its own repository (one per browser session), so two engines running the
// journey side by side never see each other's commits.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The signed-in account every token stands for. */
export const ACCOUNT = { id: 1, login: 'studio-owner', name: 'Studio Owner', email: 'owner@studio.test' };

/** A file a commit adds or replaces (`contents` base64), and one it deletes: GitHub's FileAddition and FileDeletion. */
export interface FileAddition {
  path: string;
  contents: string;
}
export interface FileDeletion {
  path: string;
}

/** One commit: what `commit()` takes. */
export interface NewCommit {
  parent: string | null;
  additions: FileAddition[];
  deletions: FileDeletion[];
  message: string;
  author: { name: string; email: string };
}

/** A commit's facts, as `git show` gives them. */
export interface CommitInfo {
  oid: string;
  parents: string[];
  name: string;
  email: string;
  date: string;
  message: string;
}

/** A bare git repository with one branch, made from `files` (path → base64) in one commit. */
export function createRepository({
  files,
  branch,
  message = 'The site content',
}: {
  files: Record<string, string>;
  branch: string;
  message?: string;
}) {
  const dir = mkdtempSync(join(tmpdir(), 'github-standin-'));
  execFileSync('git', ['init', '--quiet', '--bare', `--initial-branch=${branch}`, dir]);
  const repository = gitRepository(dir, branch);
  repository.commit({
    parent: null,
    additions: Object.entries(files).map(([path, contents]) => ({ path, contents })),
    deletions: [],
    message,
    author: ACCOUNT,
  });
  return repository;
}

/** Git plumbing on one bare repository. */
function gitRepository(dir: string, branch: string) {
  const git = (args: string[], input?: Buffer) =>
    execFileSync('git', args, { cwd: dir, input, maxBuffer: 256 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });
  const text = (args: string[], input?: Buffer) => git(args, input).toString('utf8');
  const quote = (path: string) => `"${path.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
  // Answers keyed by commit or blob ids, which never change.
  const historyCache = new Map<string, string[]>();
  const lastCommits = new Map<string, Map<string, string>>();
  const blobs = new Map<string, Buffer>();
  const commits = new Map<string, CommitInfo>();
  const types = new Map<string, string>();
  return {
    dir,
    branch,
    /** The branch's head commit, or null if the branch does not exist. */
    head(name = branch): string | null {
      try {
        return text(['rev-parse', '--verify', '--quiet', `refs/heads/${name}^{commit}`]).trim();
      } catch {
        return null;
      }
    },
    /** 'commit' | 'blob' | 'tree' | null */
    type(oid: string): string | null {
      if (!/^[0-9a-f]{40}$/.test(oid)) return null;
      let type = types.get(oid);
      if (type === undefined) {
        try {
          type = text(['cat-file', '-t', oid]).trim();
        } catch {
          return null;
        }
        types.set(oid, type);
      }
      return type;
    },
    /** Every blob of a commit's tree: { path, mode, sha, size }. */
    tree(rev: string) {
      return text(['ls-tree', '-r', '-l', '-z', '--full-tree', rev])
        .split('\0')
        .filter(Boolean)
        .map((line) => {
          // "<mode> <type> <sha> <size>\t<path>": every part is there.
          const [meta = '', path = ''] = line.split('\t');
          const [mode = '', type = '', sha = '', size] = meta.split(/\s+/);
          return { path, mode, type, sha, size: Number(size) };
        });
    },
    blob(sha: string): Buffer {
      let bytes = blobs.get(sha);
      if (!bytes) blobs.set(sha, (bytes = git(['cat-file', 'blob', sha])));
      return bytes;
    },
    /** The blob at `path` in commit `rev`, or null. */
    fileOid(rev: string, path: string): string | null {
      try {
        return text(['rev-parse', '--verify', '--quiet', `${rev}:${path}`]).trim() || null;
      } catch {
        return null;
      }
    },
    /** A commit's facts. */
    commitInfo(oid: string): CommitInfo {
      const known = commits.get(oid);
      if (known) return known;
      // Six fields, each always there (an empty one is '').
      const [sha = '', parents = '', name = '', email = '', date = '', message = ''] = text([
        'show',
        '-s',
        '--format=%H%x1f%P%x1f%an%x1f%ae%x1f%cI%x1f%B',
        oid,
      ]).split('\x1f');
      const info = {
        oid: sha,
        parents: parents.split(' ').filter(Boolean),
        name,
        email,
        date,
        message: message.trimEnd(),
      };
      commits.set(oid, info);
      return info;
    },
    /** The commits from `rev` back that touch `path` (all if none), newest first. */
    history(rev: string, { first = 100, path }: { first?: number; path?: string | undefined } = {}): string[] {
      // The editor asks each file's last commit, one file per alias: one git log answers them all.
      if (first === 1 && path) {
        let last = lastCommits.get(rev);
        if (!last) {
          last = new Map();
          let commit = '';
          for (const line of text(['log', '--format=%x00%H', '--name-only', '--no-renames', rev]).split('\n')) {
            if (line.startsWith('\0')) commit = line.slice(1);
            else if (line && !last.has(line)) last.set(line, commit);
          }
          lastCommits.set(rev, last);
        }
        const commit = last.get(path);
        return commit ? [commit] : [];
      }
      const key = `${rev}\0${first}\0${path ?? ''}`;
      let commits = historyCache.get(key);
      if (!commits) {
        const out = text(['log', `-n${first}`, '--format=%H', rev, ...(path ? ['--', path] : [])]);
        historyCache.set(key, (commits = out.split('\n').filter(Boolean)));
      }
      return commits;
    },
    /** Paths a commit added (A), changed (M) or deleted (D) against its first parent. */
    changes(oid: string): { status: string; path: string }[] {
      const out = text(['diff-tree', '--root', '-r', '--no-commit-id', '--name-status', '-z', oid]).split('\0');
      const list = [];
      for (let i = 0; i + 1 < out.length; i += 2) {
        const [status, path = ''] = [out[i], out[i + 1]];
        if (status) list.push({ status, path });
      }
      return list;
    },
    /**
     * One commit on the branch, on top of `parent` (null: the first), with files added or replaced
     * (`contents` base64) and deleted; returns the new commit's oid.
     */
    commit({ parent, additions, deletions, message, author }: NewCommit): string | null {
      const seconds = Math.floor(Date.now() / 1000);
      const who = `${author.name} <${author.email}> ${seconds} +0000`;
      const parts = [
        Buffer.from(`commit refs/heads/${branch}\nauthor ${who}\ncommitter ${who}\n`),
        Buffer.from(`data ${Buffer.byteLength(message)}\n${message}\n`),
      ];
      if (parent) parts.push(Buffer.from(`from ${parent}\n`));
      for (const { path } of deletions) parts.push(Buffer.from(`D ${quote(path)}\n`));
      for (const { path, contents } of additions) {
        const bytes = Buffer.from(contents, 'base64');
        parts.push(Buffer.from(`M 100644 inline ${quote(path)}\ndata ${bytes.length}\n`), bytes, Buffer.from('\n'));
      }
      parts.push(Buffer.from('done\n'));
      git(['fast-import', '--quiet', '--done', '--date-format=raw', '--force'], Buffer.concat(parts));
      return this.head();
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

// ---- GraphQL: the subset Sveltia writes (fields, aliases, arguments, variables, inline fragments).

interface Token {
  kind: 'punct' | 'string' | 'number' | 'name';
  value: string | number;
}

/** A value in the document: a variable, a list, an input object or a literal. */
export type ValueNode =
  | { variable: string }
  | { list: ValueNode[] }
  | { object: Record<string, ValueNode> }
  | { literal: string | number | boolean | null };

/** A field (with its alias and arguments) or an inline fragment (`... on Type`). */
export type Selection =
  | { alias: string; field: string; args: Record<string, ValueNode>; selections: Selection[] | null }
  | { on: string; selections: Selection[] };

export interface Operation {
  type: 'query' | 'mutation';
  selections: Selection[];
}

/** Splits a GraphQL document into tokens. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const re =
    /\s+|,|#[^\n]*|(\.\.\.|[{}()[\]:!$=@|&])|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([_A-Za-z][_0-9A-Za-z]*)/y;
  let at = 0;
  while (at < source.length) {
    re.lastIndex = at;
    const match = re.exec(source);
    if (!match) throw new Error(`Syntax error at ${at}: ${source.slice(at, at + 20)}`);
    at = re.lastIndex;
    if (match[1]) tokens.push({ kind: 'punct', value: match[1] });
    else if (match[2]) tokens.push({ kind: 'string', value: JSON.parse(match[2]) as string });
    else if (match[3]) tokens.push({ kind: 'number', value: Number(match[3]) });
    else if (match[4]) tokens.push({ kind: 'name', value: match[4] });
  }
  return tokens;
}

/** Parses one operation: { type: 'query' | 'mutation', selections }. */
export function parseOperation(source: string): Operation {
  const tokens = tokenize(source);
  let i = 0;
  const peek = (value: string) => tokens[i] && tokens[i]?.value === value && tokens[i]?.kind !== 'string';
  const expect = (value: string) => {
    if (!peek(value)) throw new Error(`Expected "${value}", found "${tokens[i]?.value ?? 'the end'}"`);
    i++;
  };
  const name = (): string => {
    const token = tokens[i++];
    if (token?.kind !== 'name') throw new Error(`Expected a name, found "${token?.value ?? 'the end'}"`);
    return String(token.value);
  };
  const value = (): ValueNode => {
    const token = tokens[i];
    if (peek('$')) {
      i++;
      return { variable: name() };
    }
    if (peek('[')) {
      i++;
      const list: ValueNode[] = [];
      while (!peek(']')) list.push(value());
      i++;
      return { list };
    }
    if (peek('{')) {
      i++;
      const fields: Record<string, ValueNode> = {};
      while (!peek('}')) {
        const key = name();
        expect(':');
        fields[key] = value();
      }
      i++;
      return { object: fields };
    }
    i++;
    if (!token) throw new Error('Expected a value, found "the end"');
    if (token.kind === 'name') {
      if (token.value === 'true' || token.value === 'false') return { literal: token.value === 'true' };
      if (token.value === 'null') return { literal: null };
      return { literal: token.value };
    }
    return { literal: token.value };
  };
  const selectionSet = (): Selection[] => {
    expect('{');
    const selections: Selection[] = [];
    while (!peek('}')) {
      if (peek('...')) {
        i++;
        expect('on');
        selections.push({ on: name(), selections: selectionSet() });
        continue;
      }
      const alias = name();
      let field = alias;
      if (peek(':')) {
        i++;
        field = name();
      }
      const args: Record<string, ValueNode> = {};
      if (peek('(')) {
        i++;
        while (!peek(')')) {
          const key = name();
          expect(':');
          args[key] = value();
        }
        i++;
      }
      selections.push({ alias, field, args, selections: peek('{') ? selectionSet() : null });
    }
    i++;
    return selections;
  };
  let type: Operation['type'] = 'query';
  if (peek('query') || peek('mutation')) {
    type = peek('query') ? 'query' : 'mutation';
    i++;
    if (tokens[i]?.kind === 'name') i++;
    if (peek('(')) {
      // Variable definitions: their types are not checked here.
      while (!peek(')')) i++;
      i++;
    }
  }
  const selections = selectionSet();
  if (i !== tokens.length) throw new Error(`Unexpected "${tokens[i]?.value}" after the operation`);
  return { type, selections };
}

/** A value of the document, with its variables filled in. */
function resolveValue(node: ValueNode, variables: Record<string, unknown>): unknown {
  if ('variable' in node) return variables[node.variable];
  if ('list' in node) return node.list.map((item) => resolveValue(item, variables));
  if ('object' in node)
    return Object.fromEntries(Object.entries(node.object).map(([k, v]) => [k, resolveValue(v, variables)]));
  return node.literal;
}

/** An object of the API: its type's name, and fields that are values or functions of their arguments. */
type GraphObject = { __typename?: string } & Record<string, unknown>;
/** A field's resolver: it reads the arguments it names (the query's, with variables filled in). */
type Resolver = (args: Record<string, unknown>) => unknown;

/**
 * Runs `selections` on `object` (a plain value, or { __typename, ...fields } whose fields may be
 * functions of their arguments); unknown fields are errors, as GitHub's API answers them.
 */
function execute(
  selections: Selection[],
  object: GraphObject,
  variables: Record<string, unknown>,
  path: string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const selection of selections) {
    if ('on' in selection) {
      if (object.__typename === selection.on)
        Object.assign(out, execute(selection.selections, object, variables, path));
      continue;
    }
    const { alias, field, args, selections: sub } = selection;
    if (!(field in object)) {
      throw Object.assign(
        new Error(`Field '${field}' doesn't exist on type '${object.__typename}' (at ${[...path, alias].join('.')})`),
        { unanswered: true },
      );
    }
    const resolvedArgs = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, resolveValue(v, variables)]));
    const fieldValue = object[field];
    let result = typeof fieldValue === 'function' ? (fieldValue as Resolver)(resolvedArgs) : fieldValue;
    // A field with a selection set holds an object of the API, or a list of them.
    if (sub && result != null) {
      result = Array.isArray(result)
        ? result.map((item: GraphObject, index) => execute(sub, item, variables, [...path, alias, String(index)]))
        : execute(sub, result as GraphObject, variables, [...path, alias]);
    }
    out[alias] = result ?? null;
  }
  return out;
}

// ---- The API over one repository.

/** What createCommitOnBranch is sent (GitHub's CreateCommitOnBranchInput, the fields read here). */
interface CreateCommitOnBranchInput {
  branch?: { repositoryNameWithOwner?: string; branchName: string };
  expectedHeadOid?: string;
  fileChanges?: { additions?: FileAddition[]; deletions?: FileDeletion[] };
  message?: { headline?: string; body?: string };
}

type Repository = ReturnType<typeof gitRepository>;

function graphRoot(repo: Repository, { owner, name }: { owner: string; name: string }) {
  const blob = (oid: string) => ({
    __typename: 'Blob',
    oid,
    byteSize: () => repo.blob(oid).length,
    isBinary: () => repo.blob(oid).includes(0),
    // GitHub's GraphQL API cuts Blob.text at 512 KB and says so.
    text: () => {
      const bytes = repo.blob(oid);
      return bytes.includes(0) ? null : bytes.subarray(0, 512 * 1024).toString('utf8');
    },
    isTruncated: () => repo.blob(oid).length > 512 * 1024,
  });
  const commit = (oid: string): GraphObject => {
    const info = () => repo.commitInfo(oid);
    return {
      __typename: 'Commit',
      oid,
      message: () => info().message,
      messageHeadline: () => info().message.split('\n')[0],
      committedDate: () => info().date,
      authoredDate: () => info().date,
      author: () => {
        const { name: author, email, date } = info();
        const user =
          email === ACCOUNT.email ? { __typename: 'User', databaseId: ACCOUNT.id, login: ACCOUNT.login } : null;
        return { __typename: 'GitActor', name: author, email, date, avatarUrl: '', user };
      },
      history: ({ first = 100, path }: { first?: number; path?: string } = {}) => ({
        __typename: 'CommitHistoryConnection',
        nodes: repo.history(oid, { first, path }).map(commit),
      }),
      // No CI here: no statuses, deployments or check suites (the editor asks, to show a deploy's state).
      status: null,
      deployments: () => ({ __typename: 'DeploymentConnection', nodes: [] }),
      checkSuites: () => ({ __typename: 'CheckSuiteConnection', nodes: [] }),
      file: ({ path }: { path: string }) => {
        const fileOid = repo.fileOid(oid, path);
        return fileOid ? { __typename: 'TreeEntry', oid: fileOid, path } : null;
      },
    };
  };
  const ref = (qualifiedName: unknown) => {
    const branch = String(qualifiedName).replace(/^refs\/heads\//, '');
    const head = repo.head(branch);
    return head ? { __typename: 'Ref', name: branch, prefix: 'refs/heads/', target: commit(head) } : null;
  };
  const repository = {
    __typename: 'Repository',
    name,
    nameWithOwner: `${owner}/${name}`,
    defaultBranchRef: () => ref(repo.branch),
    ref: ({ qualifiedName }: { qualifiedName: string }) => ref(qualifiedName),
    object: ({ oid, expression }: { oid?: string; expression?: string }) => {
      // "<rev>:<path>"
      const [rev = '', path = ''] = String(expression).split(':');
      const target = oid ?? (expression ? repo.fileOid(rev, path) : null);
      if (!target) return null;
      const type = repo.type(target);
      return type === 'blob' ? blob(target) : type === 'commit' ? commit(target) : null;
    },
  };
  return {
    query: {
      __typename: 'Query',
      repository: (args: { owner: string; name: string }) =>
        args.owner === owner && args.name === name ? repository : null,
      viewer: { __typename: 'User', databaseId: ACCOUNT.id, login: ACCOUNT.login, name: ACCOUNT.name },
    },
    mutation: {
      __typename: 'Mutation',
      createCommitOnBranch: ({ input }: { input?: CreateCommitOnBranchInput }) => {
        const { branch, expectedHeadOid, fileChanges = {}, message = {} } = input ?? {};
        if (branch?.repositoryNameWithOwner !== `${owner}/${name}`) {
          throw new Error(`Could not resolve to a Repository with the name '${branch?.repositoryNameWithOwner}'.`);
        }
        const head = repo.head(branch.branchName);
        if (!head) throw new Error(`A ref named "refs/heads/${branch.branchName}" does not exist.`);
        if (head !== expectedHeadOid) {
          throw new Error(`Expected branch to point to "${expectedHeadOid}" but it did not. Pull and try again.`);
        }
        const text = [message.headline, message.body].filter(Boolean).join('\n\n');
        const oid = repo.commit({
          parent: head,
          additions: fileChanges.additions ?? [],
          deletions: fileChanges.deletions ?? [],
          message: text,
          author: ACCOUNT,
        });
        if (!oid) throw new Error(`The commit on "${branch.branchName}" was not written.`);
        return { __typename: 'CreateCommitOnBranchPayload', commit: commit(oid) };
      },
    },
  };
}

/** A repository signed in to by one token, with what it was asked and what it could not answer. */
export type StandInRepository = Repository & { requests: string[]; unanswered: string[] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Starts the stand-in on 127.0.0.1 (HTTP; put the HTTPS front before it for the browser). */
export async function startGitHubStandIn({
  owner,
  name,
  branch,
  files,
  port = 0,
}: {
  owner: string;
  name: string;
  branch: string;
  files: Record<string, string>;
  port?: number;
}) {
  /** token → repository */
  const repositories = new Map<string, StandInRepository>();
  /** Requests without a repository's token the stand-in could not answer; each repository keeps its own. */
  const unanswered: string[] = [];
  /** Requests without a valid token. */
  const requests: string[] = [];

  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-headers': 'authorization, content-type, accept, x-github-api-version',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-max-age': '600',
      vary: 'origin',
    };
    const send = (status: number, body: unknown, type = 'application/json; charset=utf-8') => {
      const payload = Buffer.isBuffer(body)
        ? body
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      res.writeHead(status, { ...cors, 'content-type': type, 'content-length': String(payload.length) });
      res.end(payload);
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let repo: StandInRepository | undefined;
      try {
        const url = new URL(req.url ?? '/', 'http://standin');
        const token = /^(?:token|bearer)\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
        repo = token ? repositories.get(token) : undefined;
        if (!repo) {
          requests.push(`${req.method} ${url.pathname}`);
          send(401, { message: 'Bad credentials', status: '401' });
          return;
        }
        if (url.pathname === '/api/graphql' && req.method === 'POST') {
          const { query, variables = {} } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
            query: string;
            variables?: Record<string, unknown>;
          };
          let operation;
          try {
            operation = parseOperation(query);
          } catch (error) {
            repo.unanswered.push(`GraphQL: ${messageOf(error)}`);
            return send(200, { data: null, errors: [{ message: messageOf(error) }] });
          }
          repo.requests.push(
            `GraphQL ${operation.type} ${operation.selections.map((s) => ('field' in s ? s.field : s.on)).join(',')}`,
          );
          try {
            const root = graphRoot(repo, { owner, name });
            send(200, { data: execute(operation.selections, root[operation.type], variables) });
          } catch (error) {
            // A field the stand-in lacks is a gap to name; a refused commit is GitHub's own answer.
            if (error instanceof Error && 'unanswered' in error) repo.unanswered.push(`GraphQL: ${error.message}`);
            send(200, { data: null, errors: [{ message: messageOf(error) }] });
          }
          return;
        }
        repo.requests.push(`${req.method} ${url.pathname}${url.search}`);
        const base = `/api/v3/repos/${owner}/${name}`;
        const path = url.pathname;
        let match;
        if (req.method === 'GET' && path === '/api/v3/user') {
          send(200, {
            id: ACCOUNT.id,
            login: ACCOUNT.login,
            name: ACCOUNT.name,
            email: ACCOUNT.email,
            avatar_url: null,
            html_url: `https://github.com/${ACCOUNT.login}`,
            type: 'User',
          });
        } else if (req.method === 'GET' && path === `${base}/collaborators/${encodeURIComponent(ACCOUNT.login)}`) {
          res.writeHead(204, cors);
          res.end();
        } else if (req.method === 'GET' && (match = path.match(`^${base}/git/trees/(.+)$`))) {
          const rev = decodeURIComponent(match[1] ?? '');
          const sha = repo.type(rev) === 'commit' ? rev : repo.head(rev);
          if (!sha) return send(404, { message: 'Not Found', status: '404' });
          const tree = repo
            .tree(sha)
            .map(({ path: p, mode, type, sha: s, size }) => ({ path: p, mode, type, sha: s, size }));
          send(200, { sha, tree, truncated: false });
        } else if (req.method === 'GET' && (match = path.match(`^${base}/git/blobs/([0-9a-f]{40})$`))) {
          const sha = match[1] ?? '';
          if (repo.type(sha) !== 'blob') return send(404, { message: 'Not Found', status: '404' });
          const bytes = repo.blob(sha);
          if (/vnd\.github\.raw/.test(req.headers.accept ?? '')) {
            // GitHub answers a raw blob as application/octet-stream; Sveltia reads anything else as text.
            send(200, bytes, 'application/octet-stream');
          } else {
            send(200, { sha, size: bytes.length, encoding: 'base64', content: bytes.toString('base64') });
          }
        } else {
          repo.unanswered.push(`${req.method} ${path}`);
          send(404, { message: 'Not Found', status: '404' });
        }
      } catch (error) {
        (repo?.unanswered ?? unanswered).push(`${req.method} ${req.url}: ${messageOf(error)}`);
        send(500, { message: messageOf(error) });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    // Listening on a TCP port: address() is that port's AddressInfo (a string only for a pipe).
    port: (server.address() as AddressInfo).port,
    unanswered,
    requests,
    /**
     * A fresh repository with the content, signed in to by `token`, with the requests it was sent
     * ("METHOD path", GraphQL: its top fields) and those the stand-in could not answer.
     */
    repository(token: string): StandInRepository {
      const repo = Object.assign(createRepository({ files, branch }), {
        requests: [] as string[],
        unanswered: [] as string[],
      });
      repositories.get(token)?.remove();
      repositories.set(token, repo);
      return repo;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const repo of repositories.values()) repo.remove();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
