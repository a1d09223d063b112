import type { ProviderCustomer } from '../interface';
import { notFound, randomId, type LocalObjectStore } from './store';

export async function createCustomer(store: LocalObjectStore, input: { email: string; name: string; userId: string }, idempotencyKey: string): Promise<ProviderCustomer> {
  const customer = await store.once('customer', idempotencyKey, () =>
    store.put('customer', { id: randomId('cus'), email: input.email, name: input.name, userId: input.userId }),
  );
  return { id: customer.id, email: customer.email };
}

export async function requireCustomer(store: LocalObjectStore, id: string): Promise<void> {
  if (!(await store.get('customer', id))) throw notFound('customer', id);
}
