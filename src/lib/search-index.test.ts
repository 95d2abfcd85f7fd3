import { describe, expect, it, vi } from 'vitest';
import { searchIndexLoader } from './search-index';

const INDEX = { 'rain-room': 'rain room water' };
const ok = () => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(INDEX) });
const missing = () => Promise.resolve({ ok: false, status: 404, json: () => Promise.reject(new Error('no body')) });

describe('searchIndexLoader', () => {
  it('downloads the index from the url it is given', async () => {
    const get = vi.fn(ok);
    await expect(searchIndexLoader(get)('/blog/search.json')).resolves.toEqual(INDEX);
    expect(get).toHaveBeenCalledWith('/blog/search.json');
  });

  it('shares one request among every caller', async () => {
    const get = vi.fn(ok);
    const load = searchIndexLoader(get);
    const [first, second] = await Promise.all([load('/blog/search.json'), load('/blog/search.json')]);
    await load('/blog/search.json');
    expect(first).toBe(second);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('fails with the status when the server answers with an error, and tries again on the next call', async () => {
    const get = vi.fn(ok).mockImplementationOnce(missing);
    const load = searchIndexLoader(get);
    await expect(load('/blog/search.json')).rejects.toThrow('The search index could not be loaded (404).');
    await expect(load('/blog/search.json')).resolves.toEqual(INDEX);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('tries again after a network failure', async () => {
    const get = vi.fn(ok).mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const load = searchIndexLoader(get);
    await expect(load('/blog/search.json')).rejects.toThrow('Failed to fetch');
    await expect(load('/blog/search.json')).resolves.toEqual(INDEX);
  });
});
