import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/cfg/MCPP-CFG01.js';
import { evaluateCheck } from '../../../src/engine/evaluate-check.js';
import type { ClientConfigListing, Evidence } from '../../../src/evidence/types.js';
import { literalSecrets } from '../../../src/targets/discover/secrets.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';

const listing = (over: Partial<ClientConfigListing> = {}): ClientConfigListing => ({
  client: 'cursor',
  scope: 'user',
  file: '/home/me/.cursor/mcp.json',
  server: 'gh',
  literalSecrets: [],
  credentials: [],
  ...over,
});

const withConfig = (listings: ClientConfigListing[], credentialsUsed = false): Evidence => ({
  ...evidence(),
  clientConfig: { listings, credentialsUsed },
});

const AUTH = { where: 'header', key: 'Authorization' } as const;
const TOKEN = { where: 'env', key: 'GITHUB_TOKEN' } as const;

testCheck(check, {
  pass: [
    { name: 'a configuration without credentials', evidence: withConfig([listing()]) },
    {
      name: 'credentials given by reference and sent (--use-config-credentials)',
      evidence: withConfig([listing({ credentials: [AUTH] })], true),
    },
  ],
  fail: [
    {
      name: 'a literal Authorization header in a user file is medium',
      evidence: withConfig([listing({ literalSecrets: [AUTH], credentials: [AUTH] })], true),
      key: 'literal-secret',
      severity: 'medium',
    },
    {
      name: 'a literal token in a project file is high (it travels with the project)',
      evidence: withConfig(
        [
          listing({
            scope: 'project',
            file: '/src/app/.mcp.json',
            literalSecrets: [TOKEN],
            credentials: [TOKEN],
          }),
        ],
        true,
      ),
      key: 'literal-secret',
      severity: 'high',
    },
    {
      name: 'configured credentials the scan did not send are said (info)',
      evidence: withConfig([listing({ credentials: [AUTH] })]),
      key: 'credentials-unused',
      severity: 'info',
    },
  ],
  notApplicable: [
    { name: 'a target not found in a client configuration', evidence: evidence(), reason: 'feature_absent' },
  ],
});

describe('MCPP-CFG01 detection', () => {
  it('names the file, server and key; literal values only, by word', () => {
    const found = literalSecrets(
      {
        Authorization: 'Bearer ghp_literal0000000000000000',
        'X-Api-Key': '${env:KEY}',
        'X-Client': 'posture',
        Cookie: 'session=abc',
      },
      {
        GITHUB_TOKEN: 'ghp_literal',
        apiKey: 'k-123',
        OPENAI_API_KEY: '$OPENAI_API_KEY',
        DB_PASSWORD: '<your-password>',
        PATH: '/usr/bin',
        KEYBOARD: 'us',
        SLACK_BOT_TOKEN: '',
      },
    );
    expect(found).toEqual([
      { where: 'header', key: 'Authorization' },
      { where: 'header', key: 'Cookie' },
      { where: 'env', key: 'GITHUB_TOKEN' },
      { where: 'env', key: 'apiKey' },
    ]);
    const [r] = evaluateCheck(
      check,
      withConfig([listing({ literalSecrets: [AUTH], credentials: [AUTH] })], true),
    );
    expect(r!.location).toBe('config:/home/me/.cursor/mcp.json#gh');
    expect(r!.message).toContain('server `gh` in /home/me/.cursor/mcp.json');
    expect(r!.message).toContain('header `Authorization`');
  });
});
