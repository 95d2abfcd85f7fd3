// Her photos copied into a gallery from her browser: each chosen or dropped file sent as its bytes,
// then every photo of a folder she named, copied by the desk (galleries.ts copyFolder). Shared by
// the New gallery form and Add photos.
import { change, deskRoot, deskToken, FAILED, type DeskReply } from './desk-client.ts';

/** Sends one photo's bytes to the desk, which copies it into the gallery's folder. */
async function sendPhoto(id: string, file: File): Promise<{ ok: boolean; message: string | undefined }> {
  const response = await fetch(`${deskRoot()}api/galleries/photo`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/octet-stream',
      'X-Desk-Token': deskToken(),
      'X-Gallery': id,
      'X-File-Name': encodeURIComponent(file.name),
    },
    body: file,
    credentials: 'same-origin',
  }).catch(() => null);
  const json = ((await response?.json().catch(() => null)) ?? {}) as DeskReply;
  return { ok: !!response?.ok, message: json.message ?? (response ? undefined : FAILED) };
}

/**
 * Her photos copied into gallery `id`: each file sent, then every photo of the folder at `from` (if
 * any), each step told to `told(words, done, of)`. Resolves to how many were copied and the
 * sentence for each that was not.
 */
export async function copyPhotos(
  id: string,
  files: File[],
  from: string,
  told: (words: string, done: number, of: number) => void,
): Promise<{ copied: number; problems: string[] }> {
  const problems: string[] = [];
  let copied = 0;
  for (const [index, file] of files.entries()) {
    const sent = await sendPhoto(id, file);
    if (sent.ok) copied += 1;
    else problems.push(sent.message ?? '');
    told(`Copying her photos: ${index + 1} of ${files.length}`, index + 1, files.length);
  }
  if (from) {
    told('Copying the photos of that folder…', files.length, Math.max(1, files.length));
    const { ok, reply } = await change('api/galleries/folder', { id, from });
    if (ok) {
      // The folder's answer, when done, is what it copied and left (galleries.ts copyFolder).
      copied += reply.copied?.length ?? 0;
      problems.push(...(reply.left ?? []).map((line) => `Left out: ${line}.`));
    } else problems.push(reply.message ?? '');
  }
  return { copied, problems };
}
