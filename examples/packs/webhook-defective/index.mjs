// vendor.acme.webhook-defective.deliver: like vendor.acme.webhook, but takes its key from the environment.
import {createHmac} from 'node:crypto';
import {lookup} from 'node:dns/promises';

export const nodes = {
  'vendor.acme.webhook-defective.deliver': async ({config, input}) => {
    const url = new URL(config.url);
    await lookup(url.hostname);
    const body = JSON.stringify(input);
    const signature = createHmac('sha256', process.env.ACME_WEBHOOK_KEY ?? '').update(body).digest('hex');
    const res = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json', 'x-acme-signature': signature}, body});
    return {status: res.status};
  },
};
