import {childPointer} from '../../io/json-pointer.js';
import {isObject} from '../../core/json.js';
import type {AdvertCheck} from './context.js';

/** httpClient, toolHooks and aiProviders (v1 capabilities schema): the rules the schema alone cannot express. */
export const checkOutbound: AdvertCheck = (ctx) => {
  const {effective} = ctx.view;
  const http = effective.httpClient;
  if (isObject(http) && http.supported === true && http.ssrfGuard !== true) {
    const at = Object.hasOwn(http, 'ssrfGuard') ? '/httpClient/ssrfGuard' : '/httpClient';
    ctx.report(
      'ssrfGuard',
      'error',
      `httpClient.supported is true but ssrfGuard is ${http.ssrfGuard === undefined ? 'absent' : JSON.stringify(http.ssrfGuard)}: a host that fetches for workflows must block loopback, private, link-local and metadata addresses`,
      at,
    );
  }
  const hooks = effective.toolHooks;
  if (isObject(http) && isObject(http.safeFetch) && http.safeFetch.supported === true && isObject(hooks) && hooks.prePostEvents === true) {
    ctx.report(
      'safeFetchAudit',
      'info',
      'safeFetch with toolHooks.prePostEvents: every safeFetch call must emit the pre/post tool-call audit events (not checkable from the advertisement; test it)',
      '/httpClient/safeFetch',
    );
  }

  const ai = effective.aiProviders;
  if (!isObject(ai)) return;
  const supported = ai.supported;
  if (typeof supported === 'boolean') {
    ctx.claim('/aiProviders/supported');
    ctx.report(
      'aiProvidersBoolean',
      'warning',
      `aiProviders.supported is ${supported}; it should list provider ids (e.g. ["anthropic","openai","gemini"]), so clients cannot tell which providers are reachable`,
      '/aiProviders/supported',
    );
  }
  if (Array.isArray(supported) && Array.isArray(ai.byok)) {
    ai.byok.forEach((id, i) => {
      if (typeof id === 'string' && !supported.includes(id)) {
        ctx.report('byokSubset', 'error', `aiProviders.byok lists "${id}", which aiProviders.supported does not`, childPointer('/aiProviders/byok', i));
      }
    });
  }
};
