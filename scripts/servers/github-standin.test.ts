/**
 * The local GitHub stand-in the editor's cross-engine journey signs in to (e2e/engines/editor.ts):
 * the calls Sveltia CMS's GitHub backend makes, answered from a real git repository, and a save a
 * real commit.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCOUNT, parseOperation, startGitHubStandIn } from './github-standin.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const FILES = {
  'content/blog/first.mdx': b64('---\ntitle: First\n---\nHello.\n'),
  'content/images/blog/photo.jpg': Buffer.from([0xff, 0xd8, 0, 1, 2]).toString('base64'),
};
const TOKEN = 'ghp_unit';

let standIn: Awaited<ReturnType<typeof startGitHubStandIn>>;
let repo: ReturnType<typeof standIn.repository>;
let base: string;

beforeAll(async () => {
  standIn = await startGitHubStandIn({ owner: 'studio', name: 'site', branch: 'main', files: FILES });
  repo = standIn.repository(TOKEN);
  base = `http://127.0.0.1:${standIn.port}`;
}, 60_000);
afterAll(() => standIn.close());

const call = (path: string, init: RequestInit = {}, token = TOKEN) =>
  fetch(`${base}${path}`, { ...init, headers: { authorization: `token ${token}`, ...init.headers } });
const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  (await (await call('/api/graphql', { method: 'POST', body: JSON.stringify({ query, variables }) })).json()) as {
    data: any;
    errors?: { message: string }[];
  };
const VARS = { owner: 'studio', repo: 'site', branch: 'main' };

// Each answer runs git; on a loaded host (the suite builds the site beside it) that takes seconds.
describe('the GitHub stand-in', { timeout: 60_000 }, () => {
  test('answers the sign-in, the collaborator check, the tree and the blobs from the git repository', async () => {
    expect(await (await call('/api/v3/user')).json()).toMatchObject({ login: ACCOUNT.login, name: ACCOUNT.name });
    expect((await call('/api/v3/user', {}, 'ghp_wrong')).status).toBe(401);
    expect((await call(`/api/v3/repos/studio/site/collaborators/${ACCOUNT.login}`)).status).toBe(204);
    const { sha, tree } = (await (await call('/api/v3/repos/studio/site/git/trees/main?recursive=1')).json()) as {
      sha: string;
      tree: { path: string; sha: string; size: number; type: string }[];
    };
    expect(sha).toBe(repo.head());
    expect(tree.map(({ path, type, size }) => [path, type, size])).toEqual([
      ['content/blog/first.mdx', 'blob', 28],
      ['content/images/blog/photo.jpg', 'blob', 5],
    ]);
    // git's own object names: the same bytes give the same sha.
    expect(tree[0]!.sha).toBe(
      execFileSync('git', ['hash-object', '--stdin'], { input: Buffer.from(FILES['content/blog/first.mdx'], 'base64') })
        .toString()
        .trim(),
    );
    const photo = await call(`/api/v3/repos/studio/site/git/blobs/${tree[1]!.sha}`, {
      headers: { accept: 'application/vnd.github.raw' },
    });
    expect(photo.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([0xff, 0xd8, 0, 1, 2]);
  });

  test("answers the GraphQL reads Sveltia sends: the branch's last commit, file texts, each file's last author", async () => {
    const textSha = repo.tree('main')[0]!.sha;
    const { data } = await graphql(
      `query($owner: String!, $repo: String!, $branch: String!) {
        repository(owner: $owner, name: $repo) {
          defaultBranchRef { name }
          ref(qualifiedName: $branch) { target { ... on Commit { history(first: 1) { nodes { oid message } } } } }
          content_0: object(oid: ${JSON.stringify(textSha)}) { ... on Blob { text isTruncated } }
          commit_0: ref(qualifiedName: $branch) { target { ... on Commit {
            history(first: 1, path: "content/blog/first.mdx") {
              nodes { author { name email user { id: databaseId login } } committedDate } } } } }
        }
      }`,
      VARS,
    );
    expect(data.repository.defaultBranchRef).toEqual({ name: 'main' });
    expect(data.repository.ref.target.history.nodes).toEqual([{ oid: repo.head(), message: 'The site content' }]);
    expect(data.repository.content_0).toEqual({ text: '---\ntitle: First\n---\nHello.\n', isTruncated: false });
    expect(data.repository.commit_0.target.history.nodes[0].author).toEqual({
      name: ACCOUNT.name,
      email: ACCOUNT.email,
      user: { id: ACCOUNT.id, login: ACCOUNT.login },
    });
  });

  test('a createCommitOnBranch is a real commit on the branch, and is refused once the branch has moved', async () => {
    const start = repo.head();
    const mutation = `mutation($input: CreateCommitOnBranchInput!) {
      createCommitOnBranch(input: $input) { commit { oid file_0: file(path: "content/blog/second.mdx") { oid } } } }`;
    const input = (expectedHeadOid: string | null) => ({
      input: {
        branch: { repositoryNameWithOwner: 'studio/site', branchName: 'main' },
        expectedHeadOid,
        fileChanges: {
          additions: [{ path: 'content/blog/second.mdx', contents: b64('---\ntitle: Second\n---\n') }],
          deletions: [{ path: 'content/blog/first.mdx' }],
        },
        message: { headline: 'Add Post “second”' },
      },
    });
    const { data } = await graphql(mutation, input(start));
    const head = repo.head()!;
    expect(data.createCommitOnBranch.commit.oid).toBe(head);
    expect(data.createCommitOnBranch.commit.file_0.oid).toBe(repo.fileOid(head, 'content/blog/second.mdx'));
    expect(repo.commitInfo(head)).toMatchObject({ parents: [start], message: 'Add Post “second”', name: ACCOUNT.name });
    expect(repo.changes(head)).toEqual([
      { status: 'D', path: 'content/blog/first.mdx' },
      { status: 'A', path: 'content/blog/second.mdx' },
    ]);
    expect(execFileSync('git', ['show', `${head}:content/blog/second.mdx`], { cwd: repo.dir }).toString()).toBe(
      '---\ntitle: Second\n---\n',
    );
    // The same save again on the old head: GitHub's refusal, and no commit.
    const refused = await graphql(mutation, input(start));
    expect(refused.errors?.[0]?.message).toMatch(/^Expected branch to point to/);
    expect(repo.head()).toBe(head);
    expect(repo.unanswered).toEqual([]);
  });

  test('a field or a path it does not know is an error, and named as unanswered', async () => {
    const { errors } = await graphql(
      'query { repository(owner: "studio", name: "site") { pullRequests { totalCount } } }',
    );
    expect(errors?.[0]?.message).toMatch(/Field 'pullRequests' doesn't exist on type 'Repository'/);
    expect((await call('/api/v3/repos/studio/site/actions/runs')).status).toBe(404);
    expect(repo.unanswered).toEqual([
      expect.stringMatching(/^GraphQL: Field 'pullRequests'/),
      'GET /api/v3/repos/studio/site/actions/runs',
    ]);
  });

  test('parses aliases, arguments, variables and inline fragments', () => {
    expect(parseOperation('query($a: String!) { x: f(p: $a, n: 1, s: "a b") { ... on T { g } } }')).toEqual({
      type: 'query',
      selections: [
        {
          alias: 'x',
          field: 'f',
          args: { p: { variable: 'a' }, n: { literal: 1 }, s: { literal: 'a b' } },
          selections: [{ on: 'T', selections: [{ alias: 'g', field: 'g', args: {}, selections: null }] }],
        },
      ],
    });
  });
});
