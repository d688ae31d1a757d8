// When HubSpot's token answer does not name the portal, the connection asks GET /oauth/v1/access-tokens/{token}.
import { describe, expect, it } from 'vitest';
import type { Integrations } from '@fundwire/shared';
import { signInAs } from '../../../test/helpers.js';
import { connectHubspot, useCrmTestApp } from '../../../test/crm.js';

describe('HubSpot portal lookup', () => {
  const crm = useCrmTestApp({ hubspot: { hubInTokenResponse: false } });

  it('names the portal from the access-token information', async () => {
    const user = await signInAs(crm.t, 'subscriber');
    expect(await connectHubspot(crm.t, user)).toBe('/integrations?connected=hubspot');
    const state = (await crm.t.app.inject({ method: 'GET', url: '/api/integrations', headers: user })).json() as Integrations;
    expect(state.hubspot).toMatchObject({ connected: true, accountName: 'fundwire-test.hubspot.com', portalId: String(crm.hubspot.portalId) });
    expect(crm.hubspot.requests.filter((request) => request.path.startsWith('/oauth/v1/access-tokens/'))).toHaveLength(1);
  });
});
