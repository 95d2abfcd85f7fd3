// The private galleries' encrypted files, read from the R2 bucket bound as VAULT: the only path the
// site's Function answers (public/_routes.json); every other page stays a plain static file.
import { vaultResponse, type VaultBucket } from '../../src/private-gallery/serve.ts';

interface Context {
  request: Request;
  env: { VAULT: VaultBucket };
  params: { path?: string | string[] };
}

export const onRequest = ({ request, env, params }: Context): Promise<Response> =>
  vaultResponse(request, env.VAULT, ([] as string[]).concat(params.path ?? []).join('/'));
