/**
 * `--login`: the token `mcp-posture login` stored for a target, found by the target's identity
 * and refreshed when it has expired (docs/login.md#token-storage). The store and the session
 * code are loaded only when a run asks for a stored login.
 */
import type { HttpTarget } from '../targets/target.js';
import { UsageError } from './errors.js';
import { readCaFile } from './ca-file.js';

export async function storedToken(target: HttpTarget, caFile: string | undefined): Promise<string> {
  const [{ findLogin, saveLogin }, { freshLogin }] = await Promise.all([
    import('../login/store.js'),
    import('../login/session.js'),
  ]);
  const url = target.href;
  const stored = findLogin(target);
  if (!stored) throw new UsageError(`no stored login for ${url}: run mcp-posture login ${url}`);
  const ca = caFile ? readCaFile(caFile) : undefined;
  const secret = stored.clientSecretEnv ? process.env[stored.clientSecretEnv] : undefined;
  const fresh = await freshLogin(stored, {
    ...(ca ? { ca } : {}),
    ...(secret ? { clientSecret: secret } : {}),
  });
  if (!fresh.login)
    throw new UsageError(
      `the stored login for ${url} cannot be used: ${fresh.failure?.message ?? 'expired'} (${fresh.failure?.fix ?? ''})`,
    );
  if (fresh.refreshed) saveLogin(fresh.login);
  return fresh.login.accessToken;
}
