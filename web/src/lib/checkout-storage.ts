import { session, storageKeys } from './storage-keys';

/** The product a guest picked before signing in or registering (kept for this tab only). */
export const checkoutProduct = {
  get: () => session.get(storageKeys.checkoutProduct),
  set: (productId: string) => session.set(storageKeys.checkoutProduct, productId),
  clear: () => session.remove(storageKeys.checkoutProduct),
};
