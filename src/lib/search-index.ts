/** The blog's search index: post slug → every word a search may match (built by /blog/search.json). */
export type SearchIndex = Record<string, string>;

type Fetch = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/**
 * A loader that downloads the index once and shares that one request with every later caller; after
 * a failure the next call tries again.
 */
export function searchIndexLoader(get: Fetch = (url) => fetch(url)): (url: string) => Promise<SearchIndex> {
  let request: Promise<SearchIndex> | undefined;
  return (url) => {
    request ??= get(url).then((response) => {
      if (!response.ok) throw new Error(`The search index could not be loaded (${response.status}).`);
      return response.json() as Promise<SearchIndex>;
    });
    request.catch(() => (request = undefined));
    return request;
  };
}
