import {childPointer} from '../../io/json-pointer.js';
import {WRAPPER_KEY} from '../advert-view.js';
import type {AdvertCheck} from './context.js';

/**
 * The deprecated `capabilities` wrapper (deprecated upstream: families belong at the root): tolerated, read after the
 * root, and reported.
 */
export const checkWrapper: AdvertCheck = (ctx) => {
  const {wrapper, fromWrapper, conflicts} = ctx.view;
  if (!wrapper) return;
  const at = `/${WRAPPER_KEY}`;
  ctx.reportInDocument('capabilitiesWrapper', 'warning', `the "${WRAPPER_KEY}" wrapper object is deprecated: families belong at the document root (clients read the root first)`, at);
  for (const family of fromWrapper) {
    ctx.reportInDocument(
      'wrapperOnlyFamily',
      'warning',
      `"${family}" appears only inside the deprecated "${WRAPPER_KEY}" wrapper; clients that read the root will not see it (checked from the wrapper here)`,
      childPointer(at, family),
    );
  }
  for (const family of conflicts) {
    ctx.reportInDocument('wrapperConflict', 'info', `"${WRAPPER_KEY}.${family}" differs from the root's "${family}"; the root's is the one in force`, childPointer(at, family));
  }
};
