// A local HTTP stand-in for the parts of Stripe's API that billing calls. The real SDK talks to it
// (host/port/protocol options); it records every request so tests can check what was sent.
import http from 'node:http';

export interface StandInRequest {
  method: string;
  path: string;
  params: URLSearchParams;
}

export interface StripeStandIn {
  url: string;
  requests: StandInRequest[];
  subscriptions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const params = new URLSearchParams(request.method === 'GET' ? url.search : body);
      requests.push({ method: request.method ?? 'GET', path: url.pathname, params });
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        response.end(JSON.stringify(json));
      };
      const id = (prefix: string) => `${prefix}_standin_${++counter}`;
      if (request.method === 'POST' && url.pathname === '/v1/customers') return reply(200, { id: id('cus'), object: 'customer', email: params.get('email') });
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const sessionId = id('cs_test');
        return reply(200, { id: sessionId, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${sessionId}`, mode: params.get('mode') });
      }
      if (request.method === 'POST' && url.pathname === '/v1/coupons') return reply(200, { id: params.get('id'), object: 'coupon', percent_off: Number(params.get('percent_off')) });
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') return reply(200, { id: id('bps'), object: 'billing_portal.session', url: 'https://billing.stripe.test/session' });
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (subscriptionMatch?.[1]) {
        const current = subscriptions.get(subscriptionMatch[1]);
        if (!current) return reply(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        if (request.method === 'POST') {
          if (params.has('cancel_at_period_end')) {
            current.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
            const item = (current.items as { data: { current_period_end: number }[] }).data[0]!;
            current.cancel_at = current.cancel_at_period_end ? item.current_period_end : null;
          }
          if (params.has('items[0][price]')) {
            // A price change: the item keeps its id, takes the new price, and (prorated) starts a new period now.
            const item = (current.items as { data: { id: string; price: { id: string }; current_period_end: number }[] }).data[0]!;
            if (params.get('items[0][id]') !== item.id) return reply(400, { error: { type: 'invalid_request_error', message: 'stand-in expects the existing item id' } });
            item.price = { ...item.price, id: params.get('items[0][price]')! };
            if (current.status !== 'trialing') item.current_period_end = Math.floor(Date.now() / 1000) + 365 * 86400;
          }
          if (params.has('discounts[0][coupon]')) {
            current.discounts = [{ id: 'di_standin', object: 'discount', coupon: { id: params.get('discounts[0][coupon]'), percent_off: 50 }, end: Math.floor(Date.now() / 1000) + 90 * 86400 }];
          }
        }
        return reply(200, current);
      }
      return reply(404, { error: { type: 'invalid_request_error', message: `stand-in has no ${request.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, requests, subscriptions, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
