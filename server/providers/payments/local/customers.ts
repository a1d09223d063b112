import type { ProviderCustomer } from '../interface';
import { notFound, randomId, type LocalObjectStore } from './store';

export function createCustomer(store: LocalObjectStore, input: { email: string; name: string; userId: string }, idempotencyKey: string): ProviderCustomer {
  const customer = store.once('customer', idempotencyKey, () =>
    store.put('customer', { id: randomId('cus'), email: input.email, name: input.name, userId: input.userId }),
  );
  return { id: customer.id, email: customer.email };
}

export function requireCustomer(store: LocalObjectStore, id: string): void {
  if (!store.get('customer', id)) throw notFound('customer', id);
}
