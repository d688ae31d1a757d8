// When HubSpot's token answer does not name the portal, the connection asks GET /oauth/v1/access-tokens/{token}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Integrations } from '@fundwire/shared';
import { signInAs, type TestApp } from '../../../test/helpers.js';
import { buildCrmTestApp, connectHubspot } from '../../../test/crm.js';
import { startHubspotStandIn, type HubspotStandIn } from '../../../test/hubspot-stand-in.js';
import { startPipedriveStandIn, type PipedriveStandIn } from '../../../test/pipedrive-stand-in.js';

describe('HubSpot portal lookup', () => {
  let hubspot: HubspotStandIn;
  let pipedrive: PipedriveStandIn;
  let t: TestApp;
  beforeAll(async () => {
    hubspot = await startHubspotStandIn({ hubInTokenResponse: false });
    pipedrive = await startPipedriveStandIn();
    t = await buildCrmTestApp(hubspot, pipedrive);
  });
  afterAll(async () => {
    await t.close();
    await hubspot.close();
    await pipedrive.close();
  });

  it('names the portal from the access-token information', async () => {
    const user = await signInAs(t, 'subscriber');
    expect(await connectHubspot(t, user)).toBe('/integrations?connected=hubspot');
    const state = (await t.app.inject({ method: 'GET', url: '/api/integrations', headers: user })).json() as Integrations;
    expect(state.hubspot).toMatchObject({ connected: true, accountName: 'fundwire-test.hubspot.com', portalId: String(hubspot.portalId) });
    expect(hubspot.requests.filter((request) => request.path.startsWith('/oauth/v1/access-tokens/'))).toHaveLength(1);
  });
});
